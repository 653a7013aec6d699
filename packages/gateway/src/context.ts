import type { AuthRateLimiter } from "./auth/rate-limit.js";
import type { GatewayAuth } from "./auth/shared-secret.js";
import type { EventHub } from "./events/hub.js";
import type { SessionEvents } from "./events/session-events.js";
import type { GatewayLimits } from "./limits.js";
import type { IdempotencyCache } from "./methods/idempotency.js";
import type { RunFanout } from "./methods/runs.js";
import type { PairingStore } from "./pairing/store.js";
import type { GatewayPorts } from "./runtime.js";

/** Minimal structured logger; defaults to silence. */
export interface GatewayLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: GatewayLogger = { info() {}, warn() {}, error() {} };

/** Everything a handler may touch, built once by `startGateway`. */
export interface GatewayContext {
  auth: GatewayAuth;
  /** Browser origins allowed besides loopback pages, checked before any credential is. */
  allowedOrigins: readonly string[];
  limits: GatewayLimits;
  tickIntervalMs: number;
  ports: GatewayPorts;
  hub: EventHub;
  /** `sessions.changed` to the connections that subscribed. */
  sessionEvents: SessionEvents;
  pairing: PairingStore;
  idempotency: IdempotencyCache;
  rateLimiter: AuthRateLimiter;
  fanout: RunFanout;
  logger: GatewayLogger;
  version: string;
  bootId: string;
  startedAt: number;
  stateDir?: string;
  shuttingDown: boolean;
  autoApproveLoopback: boolean;
  /** `session.mainKey`: the last part of every agent's main session key. */
  mainKey: string;
}

/**
 * @claw/gateway — the Claw gateway server: OpenClaw-compatible WebSocket protocol (v3/v4), auth,
 * device pairing, methods, events and an OpenAI-compatible HTTP API, on one port.
 *
 * @example
 * import { startGateway } from "@claw/gateway";
 * const gw = await startGateway({ ports, stateDbPath: ":memory:", port: 0 });
 * // … later
 * await gw.close({ reason: "restart", restartExpectedMs: 2000 });
 */

// Commonly used: start the gateway.
export { type GatewayHandle, type GatewayOptions, startGateway } from "./server.js";
export type {
  AcceptedRun,
  AgentInfo,
  ApprovalsPort,
  AuthStatusPort,
  CatalogPort,
  ConfigPort,
  CronPort,
  HeartbeatPort,
  GatewayPorts,
  ChannelsPort,
  MemoryPort,
  MessageAttachment,
  RunEvent,
  RunHandle,
  RunInput,
  RunOutcome,
  RunStatus,
  RunsPort,
  SessionsPort,
  StatusPort,
} from "./runtime.js";
export { RuntimeError } from "./runtime.js";
export type { BrowserPort } from "./methods/browser.js";
export { IMAGE_MIME_TYPES } from "./methods/attachments.js";
export { acceptInMemory } from "./methods/memory-accept.js";
export type { GatewayLogger } from "./context.js";

// Advanced: auth, handshake and limits.
export { assertUsableAuth, type GatewayAuth, GatewayConfigError } from "./auth/shared-secret.js";
export { isLoopbackHost } from "./auth/loopback.js";
export { isAllowedOrigin } from "./auth/origin.js";
export { negotiateProtocol } from "./handshake/connect.js";
export { DEFAULT_LIMITS, type GatewayLimits } from "./limits.js";
export { CONTROL_UI_CSP, type StaticSiteOptions } from "./http/static/static-site.js";

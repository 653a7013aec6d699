import { type HealthSummary, hasScope, type OperatorScope, type StateVersion } from "@claw/protocol";
import type { Connection, SendOptions } from "../connection.js";
import type { StatusPort } from "../runtime.js";
import { PresenceRegistry } from "./presence.js";

/**
 * The set of open connections and the shared state they observe (presence, health), with
 * `stateVersion` counters. Events are fanned out here; there is no replay buffer.
 */
export class EventHub {
  readonly connections = new Set<Connection>();
  readonly presence: PresenceRegistry;
  private healthVersion = 0;
  private healthCache?: { at: number; value: HealthSummary };

  constructor(
    private readonly status: StatusPort,
    presenceTtlMs: number,
    presenceMax: number,
  ) {
    this.presence = new PresenceRegistry(presenceTtlMs, presenceMax);
  }

  stateVersion(): StateVersion {
    this.presence.list();
    return { presence: this.presence.version, health: this.healthVersion };
  }

  /**
   * Sends an event to every open connection allowed to read it (operators with read scope, and
   * `requiredScope` when given, e.g. approvals; nodes only get `tick` and `shutdown`).
   *
   * @example
   * hub.broadcast("tick", { ts: Date.now() }, { dropIfSlow: true });
   */
  broadcast(
    event: string,
    payload: unknown,
    options: SendOptions & { requiredScope?: OperatorScope } = {},
  ): void {
    for (const conn of this.connections) {
      if (conn.state !== "open") continue;
      if (options.requiredScope) {
        if (conn.role === "operator" && hasScope(conn.scopes, options.requiredScope))
          conn.sendEvent(event, payload, options);
        continue;
      }
      if (
        conn.role === "node"
          ? event !== "tick" && event !== "shutdown"
          : !hasScope(conn.scopes, "operator.read") && event !== "tick" && event !== "shutdown"
      ) {
        continue;
      }
      conn.sendEvent(event, payload, options);
    }
  }

  broadcastPresence(): void {
    this.broadcast("presence", { presence: this.presence.list() }, { stateVersion: this.stateVersion() });
  }

  /** Health summary, cached for `maxAgeMs` so a burst of connects costs one runtime call. */
  async health(maxAgeMs = 1_000): Promise<HealthSummary> {
    const cached = this.healthCache;
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.value;
    const started = Date.now();
    const fields = await this.status.health();
    const value: HealthSummary = { ...fields, ok: true, ts: Date.now(), durationMs: Date.now() - started };
    this.healthCache = { at: Date.now(), value };
    return value;
  }

  /** Re-reads health and tells everyone (state event: bumps `stateVersion.health`). */
  async refreshHealth(): Promise<HealthSummary> {
    const value = await this.health(0);
    this.healthVersion++;
    this.broadcast("health", value, { stateVersion: this.stateVersion() });
    return value;
  }
}

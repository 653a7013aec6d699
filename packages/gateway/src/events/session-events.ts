import { hasScope, type MethodName, type SessionsChangedEvent } from "@claw/protocol";
import type { Connection } from "../connection.js";
import type { EventHub } from "./hub.js";

/** A session change before it is stamped with `ts`. */
export type SessionChange = Omit<SessionsChangedEvent, "ts">;

/** The methods that change a session, and the `reason` their `sessions.changed` event carries. */
const CHANGE_REASONS = {
  "sessions.patch": "patch",
  "sessions.reset": "reset",
  "sessions.delete": "delete",
  "sessions.compact": "compact",
} as const satisfies Partial<Record<MethodName, NonNullable<SessionChange["reason"]>>>;

/**
 * `sessions.changed` for the connections that asked (`sessions.subscribe`). Subscriptions die
 * with their connection (a WeakSet over the hub's open connections), so nothing needs cleanup.
 */
export class SessionEvents {
  private readonly subscribers = new WeakSet<Connection>();

  constructor(private readonly hub: EventHub) {}

  subscribe(conn: Connection): void {
    this.subscribers.add(conn);
  }

  unsubscribe(conn: Connection): void {
    this.subscribers.delete(conn);
  }

  /**
   * Tells every subscribed reader about a change.
   *
   * @example
   * sessionEvents.publish({ sessionKey: "agent:main:main", phase: "start", runId });
   */
  publish(change: SessionChange): void {
    const payload: SessionsChangedEvent = { ...change, ts: Date.now() };
    for (const conn of this.hub.connections) {
      if (conn.state !== "open" || !this.subscribers.has(conn)) continue;
      if (conn.role !== "operator" || !hasScope(conn.scopes, "operator.read")) continue;
      conn.sendEvent("sessions.changed", payload, { dropIfSlow: true });
    }
  }

  /** After a method succeeded: publishes its change when it is one that changes a session. */
  afterMethod(method: MethodName, params: unknown): void {
    const reason = (CHANGE_REASONS as Partial<Record<MethodName, SessionChange["reason"]>>)[method];
    const key = (params as { key?: unknown }).key;
    if (reason && typeof key === "string") this.publish({ sessionKey: key, reason });
  }
}

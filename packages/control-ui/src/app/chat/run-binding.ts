/**
 * Agent events carry only a run id. A run is bound to its session by the `chat.send` reply or by
 * its first `chat` event (which names the session); events that come before either are held
 * (bounded), then replayed in order.
 */
import type { AgentEvent } from "@claw/client/browser";

const MAX_HELD_RUNS = 16;
const MAX_HELD_EVENTS = 5_000;

export class RunBinding {
  private readonly sessions = new Map<string, string>();
  private readonly held = new Map<string, AgentEvent[]>();

  /** The run's session, when known; else the event is held and undefined returned. */
  route(event: AgentEvent): string | undefined {
    const session = this.sessions.get(event.runId);
    if (session !== undefined) return session;
    let list = this.held.get(event.runId);
    if (!list) {
      if (this.held.size >= MAX_HELD_RUNS) {
        const oldest = this.held.keys().next().value;
        if (oldest !== undefined) this.held.delete(oldest);
      }
      list = [];
      this.held.set(event.runId, list);
    }
    if (list.length < MAX_HELD_EVENTS) list.push(event);
    return undefined;
  }

  /** Binds a run to a session; returns the events held for it, in order. */
  bind(runId: string, sessionKey: string): AgentEvent[] {
    if (this.sessions.get(runId) === sessionKey) return [];
    this.sessions.set(runId, sessionKey);
    const events = this.held.get(runId) ?? [];
    this.held.delete(runId);
    return events;
  }
}

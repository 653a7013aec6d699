/**
 * Routes `agent` events to the session on screen. Agent events carry only a run id, so a run is
 * bound to its session by the `chat.send` reply or by the first `chat` event (which names the
 * session); events that arrive before either are held briefly, then replayed in order.
 */
import type { AgentEventPayload } from "../state/types.js";

/** Runs held while unbound, and events held per run: enough for a burst, bounded for a flood. */
const MAX_HELD_RUNS = 16;
const MAX_HELD_EVENTS = 5000;

export class RunRouter {
  private readonly sessions = new Map<string, string>();
  private readonly held = new Map<string, AgentEventPayload[]>();

  constructor(
    private readonly currentSession: () => string,
    private readonly deliver: (event: AgentEventPayload) => void,
  ) {}

  /** An `agent` event from the wire. */
  onAgentEvent(event: AgentEventPayload): void {
    const session = this.sessions.get(event.runId);
    if (session === undefined) this.hold(event);
    else if (session === this.currentSession()) this.deliver(event);
  }

  /** Binds a run to a session and replays what was held for it. Returns true when it is on screen. */
  bind(runId: string, sessionKey: string): boolean {
    this.sessions.set(runId, sessionKey);
    const events = this.held.get(runId) ?? [];
    this.held.delete(runId);
    const visible = sessionKey === this.currentSession();
    if (visible) for (const event of events) this.deliver(event);
    return visible;
  }

  sessionOf(runId: string): string | undefined {
    return this.sessions.get(runId);
  }

  private hold(event: AgentEventPayload): void {
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
  }
}

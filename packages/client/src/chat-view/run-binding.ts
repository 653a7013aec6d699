/**
 * Which session a run's events belong to. `agent` events carry only a run id, so a run is bound
 * to its session by the `chat.send` reply or by its first `chat` event (which names the session);
 * events that come before either are held (bounded), then handed back in order by `bind`.
 */

/** Runs held while unbound, and events held per run: enough for a burst, bounded for a flood. */
const MAX_HELD_RUNS = 16;
const MAX_HELD_EVENTS = 5_000;

/**
 * @example
 * const binding = new RunBinding<AgentEvent>();
 * client.on("agent", (e) => binding.route(e) === shownSession && show([e]));
 * client.on("chat", (e) => e.sessionKey === shownSession && show(binding.bind(e.runId, e.sessionKey)));
 */
export class RunBinding<E extends { runId: string }> {
  private readonly sessions = new Map<string, string>();
  private readonly held = new Map<string, E[]>();

  /** The run's session when it is bound; otherwise the event is held and undefined returned. */
  route(event: E): string | undefined {
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

  /** Binds a run to a session; returns the events held for it, in order (none on a repeat bind). */
  bind(runId: string, sessionKey: string): E[] {
    if (this.sessions.get(runId) === sessionKey) return [];
    this.sessions.set(runId, sessionKey);
    const events = this.held.get(runId) ?? [];
    this.held.delete(runId);
    return events;
  }

  /** The session a run is bound to, if any. */
  sessionOf(runId: string): string | undefined {
    return this.sessions.get(runId);
  }
}

/**
 * How a thread binding changes the inbound walk: a message in a bound thread goes to the bound
 * session (the binding wins over `bindings` and dmScope), counts as addressed to the bot (no
 * mention needed in a thread the bot opened for it), and `/unfocus` there ends the binding.
 */
import type { RouteDecision } from "../routing/resolve-route.js";
import type { ThreadBinding, ThreadBindingStore } from "./thread-bindings.js";

/** `/unfocus` alone (after a leading `@bot` mention, or as Telegram's `/unfocus@bot`). */
const UNFOCUS = /^\s*(?:@\S+\s+)?\/unfocus(?:@\S+)?\s*$/i;

export function isUnfocusCommand(text: string): boolean {
  return UNFOCUS.test(text);
}

/** The live binding of the thread a message came from, if any. */
export function bindingOfThread(
  bindings: ThreadBindingStore | undefined,
  channel: string,
  accountId: string,
  thread: { id: string } | undefined,
): ThreadBinding | undefined {
  return thread ? bindings?.activeFor(channel, accountId, thread.id) : undefined;
}

/**
 * The route of a bound thread, shown by `claw routes explain` as tier `thread-binding`.
 *
 * @example
 * boundDecision(binding, resolveRoute(bindings, input, "main"));
 * // → { agentId: "main", tier: "thread-binding", sessionKey: "agent:main:subagent:…", reason: "thread binding: …" }
 */
export function boundDecision(
  binding: ThreadBinding,
  normal: RouteDecision,
): RouteDecision & { sessionKey: string } {
  const who = binding.label ? `subagent "${binding.label}"` : `a subagent of agent "${binding.agentId}"`;
  return {
    agentId: binding.agentId,
    tier: "thread-binding",
    reason: `thread binding: thread ${binding.threadId} is bound to ${who} (session ${binding.sessionKey}, mode "${binding.mode}"); /unfocus in the thread routes it back to agent "${normal.agentId}"`,
    considered: normal.considered,
    sessionKey: binding.sessionKey,
  };
}

/** What `/unfocus` answers, after ending the thread's binding (or finding none). */
export function unfocusReply(ended: ThreadBinding | undefined, normalAgentId: string): string {
  if (!ended) return "Nothing to unfocus: this thread is not bound to a subagent session.";
  return `Unfocused: messages in this thread go to agent "${normalAgentId}" again (session ${ended.sessionKey} is no longer bound here).`;
}

/**
 * Which sessions are answering a chat message right now: marked when the channel pipeline hands a
 * session an inbound message, cleared when that session's run ends. The message tool refuses to
 * send the answer to that chat through itself (the normal reply does it). Where the chat is comes
 * from the channels' durable last-route store, not from here.
 */
import type { AgentRuntime } from "@claw/agent-core";

export interface ReplyingSessions {
  /** An inbound message was dispatched to this session. */
  mark(sessionKey: string): void;
  isReplying(sessionKey: string): boolean;
  /** Stops listening to the runtime. */
  close(): void;
}

/**
 * @example
 * const replying = trackReplyingSessions(runtime);
 * replying.mark("agent:main:main"); // until that session's run ends
 */
export function trackReplyingSessions(runtime: Pick<AgentRuntime, "subscribe">): ReplyingSessions {
  const replying = new Set<string>();
  const unsubscribe = runtime.subscribe((event) => {
    if (event.stream !== "lifecycle" || !event.sessionKey) return;
    if (event.data.phase === "end" || event.data.phase === "error") replying.delete(event.sessionKey);
  });
  return {
    mark: (sessionKey) => {
      replying.add(sessionKey);
    },
    isReplying: (sessionKey) => replying.has(sessionKey),
    close: unsubscribe,
  };
}

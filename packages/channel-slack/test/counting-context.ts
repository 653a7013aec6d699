/** A channel context that counts what arrives and keeps state in a map (survives a channel restart). */
import type { ChannelContext, ChannelInbound } from "@claw/channels";

export function countingContext(
  received: ChannelInbound[],
  options: {
    state?: Map<string, string>;
    accept?: (message: ChannelInbound) => Promise<void>;
    /** Message ids already accepted, shared across restarts as the layer's state.db is. */
    seen?: Set<string>;
  } = {},
) {
  const controller = new AbortController();
  const state = options.state ?? new Map<string, string>();
  const events = { connected: 0, disconnected: 0, logs: [] as string[], droppedAsSeen: 0 };
  const ctx: ChannelContext = {
    signal: controller.signal,
    receive: async (message) => {
      await options.accept?.(message);
      if (options.seen?.has(message.messageId)) {
        events.droppedAsSeen++;
        return;
      }
      options.seen?.add(message.messageId);
      received.push(message);
    },
    state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
    setConnected(connected) {
      if (connected) events.connected++;
      else events.disconnected++;
    },
    crashed(error) {
      throw error;
    },
    log(_level, message) {
      events.logs.push(message);
    },
  };
  return { ctx, events, abort: () => controller.abort() };
}

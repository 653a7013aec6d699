/** A run's reply as it is written: the text of the assistant's current message after each delta. */
import type { AgentEvent } from "./types.js";

/**
 * Yields the running text of the assistant message being written, after each delta (a new model
 * call after a tool starts over). For previews such as a chat message edited while it streams.
 *
 * @example
 * for await (const text of replyTextSnapshots(runtime.run({ sessionKey, message }).events)) draft.update(text);
 */
export async function* replyTextSnapshots(events: AsyncIterable<AgentEvent>): AsyncIterable<string> {
  let text = "";
  for await (const event of events) {
    if (event.stream !== "assistant" || event.data.kind !== undefined) continue;
    text = event.data.text ?? text + event.data.delta;
    yield text;
  }
}

/** Drains an adapter's event stream for assertions; iteration itself must never throw. */
import type { AssistantEvent, AssistantEventStream, AssistantMessage } from "../../src/types.js";

export interface Collected {
  events: AssistantEvent[];
  /** Event types in order, e.g. `["start", "text_start", "text_delta", …, "done"]`. */
  types: string[];
  message: AssistantMessage;
  /** Concatenated text blocks of the final message. */
  text: string;
}

/**
 * Reads every event, then the final message.
 *
 * @example
 * const { types, message } = await collect(streamGoogle(model, context));
 */
export async function collect(stream: AssistantEventStream): Promise<Collected> {
  const events: AssistantEvent[] = [];
  for await (const event of stream) events.push(event);
  const message = await stream.result();
  const text = message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
  return { events, types: events.map((event) => event.type), message, text };
}

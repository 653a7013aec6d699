/** Maps provider stream events onto the run's `assistant` stream (deltas plus running text). */
import type { AssistantEvent } from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";

export function forwardAssistantEvent(event: AssistantEvent, emit: RunEmitter): void {
  switch (event.type) {
    case "text_delta": {
      const block = event.partial.content[event.contentIndex];
      emit("assistant", { delta: event.delta, text: block?.type === "text" ? block.text : event.delta });
      return;
    }
    case "thinking_delta":
      emit("assistant", { kind: "thinking", delta: event.delta });
      return;
    case "toolcall_end":
      emit("assistant", { kind: "toolcall", toolCallId: event.toolCall.id, name: event.toolCall.name });
      return;
    default:
      return;
  }
}

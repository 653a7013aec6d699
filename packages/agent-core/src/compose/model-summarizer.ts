/** A summariser that asks a model (through any stream function) to write the compaction summary. */
import { type Summarizer, SummaryFailedError } from "@claw/compaction";
import type { Message, Model } from "@claw/providers";

export interface ModelSummarizerOptions {
  stream: (
    model: Model,
    context: { systemPrompt?: string; messages: Message[] },
    opts: { signal?: AbortSignal; apiKey?: string },
  ) => {
    result(): Promise<{
      stopReason: string;
      content: { type: string; text?: string }[];
      error?: { message: string };
    }>;
  };
  model: Model;
  apiKey?: string;
}

/**
 * The model's text reply is the summary. A failed call, a reply with only tool calls, or a blank
 * reply throws a {@link SummaryFailedError}: compaction then retries, and in the end keeps the
 * history rather than replacing it with nothing.
 *
 * @example
 * const summarize = createModelSummarizer({ stream, model, apiKey });
 */
export function createModelSummarizer(options: ModelSummarizerOptions): Summarizer {
  return async (messages, instructions, signal) => {
    const transcript = messages.map((m) => `${m.role.toUpperCase()}: ${renderForSummary(m)}`).join("\n\n");
    const reply = await options
      .stream(
        options.model,
        {
          systemPrompt: instructions,
          messages: [{ role: "user", content: transcript, timestamp: Date.now() }],
        },
        { signal, apiKey: options.apiKey },
      )
      .result();
    if (reply.stopReason === "error" || reply.stopReason === "aborted") {
      throw new SummaryFailedError(
        `summary failed: ${reply.error?.message ?? reply.stopReason}`,
        "provider-error",
      );
    }
    const text = reply.content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("");
    if (text.trim() !== "") return text;
    if (reply.content.some((c) => c.type === "toolCall"))
      throw new SummaryFailedError("the summary reply held only tool calls, no text", "tool-calls-only");
    throw new SummaryFailedError("the summary reply was empty", "empty");
  };
}

function renderForSummary(message: Message): string {
  if (message.role === "user")
    return typeof message.content === "string"
      ? message.content
      : message.content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n");
  if (message.role === "toolResult")
    return `[${message.toolName} result${message.isError ? ", error" : ""}] ${message.content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n")}`;
  return message.content
    .map((c) =>
      c.type === "text"
        ? c.text
        : c.type === "toolCall"
          ? `[call ${c.name} ${JSON.stringify(c.arguments)}]`
          : "",
    )
    .filter(Boolean)
    .join("\n");
}

/**
 * The `openai-responses` adapter: OpenAI's Responses API streaming through the official SDK.
 * Blocks are keyed by output item id; a reasoning item is kept whole as the thinking signature.
 */
import type OpenAI from "openai";
import type { MessageBuilder } from "../../stream/message-builder.js";
import { runAdapter } from "../../stream/run-adapter.js";
import type { StreamFunction } from "../../types.js";
import { OPENAI_ERROR_RULES } from "../openai-completions/errors.js";
import { createOpenAIClient } from "../shared/openai-client.js";
import { toResponsesParams } from "./convert.js";

type Event = OpenAI.Responses.ResponseStreamEvent;

/** An error the Responses stream reported in-band (`error` or `response.failed`). */
class ResponsesStreamError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function applyUsage(usage: OpenAI.Responses.ResponseUsage | undefined | null, b: MessageBuilder): void {
  if (!usage) return;
  const cached = usage.input_tokens_details?.cached_tokens ?? 0;
  b.setUsage({ input: usage.input_tokens - cached, output: usage.output_tokens, cacheRead: cached });
}

/** Item ids whose arguments arrived as deltas (the done item repeats them in full). */
type StreamState = { argumentDeltas: Set<string> };

function onItemDone(item: OpenAI.Responses.ResponseOutputItem, b: MessageBuilder, state: StreamState): void {
  const key = item.id ?? "";
  if (item.type === "reasoning") {
    b.setThinkingSignature(JSON.stringify(item), key);
  } else if (item.type === "message") {
    if (b.isOpen(key)) b.setTextSignature(key, key);
  } else if (item.type === "function_call") {
    b.startToolCall(key, { id: item.call_id, name: item.name });
    // Some servers send only the done item; take the full arguments from it then.
    if (!state.argumentDeltas.has(key) && item.arguments) b.appendToolArguments(key, item.arguments);
  }
  b.endBlock(key);
}

function applyEvent(event: Event, b: MessageBuilder, state: StreamState): void {
  switch (event.type) {
    case "response.created":
      b.setResponseId(event.response.id);
      return;
    case "response.output_item.added":
      if (event.item.type === "function_call") {
        b.startToolCall(event.item.id ?? "", { id: event.item.call_id, name: event.item.name });
      }
      return;
    case "response.output_text.delta":
      b.appendText(event.delta, event.item_id);
      return;
    case "response.refusal.delta":
      b.appendText(event.delta, event.item_id);
      return;
    case "response.reasoning_summary_text.delta":
    case "response.reasoning_text.delta":
      b.appendThinking(event.delta, event.item_id);
      return;
    case "response.reasoning_summary_part.added":
      if (event.summary_index > 0) b.appendThinking("\n\n", event.item_id);
      return;
    case "response.function_call_arguments.delta":
      state.argumentDeltas.add(event.item_id);
      b.appendToolArguments(event.item_id, event.delta);
      return;
    case "response.output_item.done":
      onItemDone(event.item, b, state);
      return;
    case "response.completed":
    case "response.incomplete": {
      applyUsage(event.response.usage, b);
      const hasCalls = b.message.content.some((c) => c.type === "toolCall");
      if (event.type === "response.incomplete") b.finish("length");
      else b.finish(hasCalls ? "toolUse" : "stop");
      return;
    }
    case "response.failed": {
      const error = event.response.error;
      throw new ResponsesStreamError(error?.message ?? "The response failed", error?.code ?? undefined);
    }
    case "error":
      throw new ResponsesStreamError(event.message, event.code ?? undefined);
  }
}

/**
 * Streams from OpenAI's Responses API (stateless: `store: false`, reasoning carried in-band).
 *
 * @example
 * const s = streamOpenAIResponses(resolveModel("openai/gpt-5"), { messages }, { apiKey, thinking: "medium" });
 */
export const streamOpenAIResponses: StreamFunction = (model, context, options) =>
  runAdapter(model, options, OPENAI_ERROR_RULES, async ({ builder, signal, options: opts }) => {
    const client = await createOpenAIClient(model, opts);
    const events = await client.responses.create(toResponsesParams(model, context, opts), { signal });
    builder.start();
    const state: StreamState = { argumentDeltas: new Set() };
    for await (const event of events) {
      applyEvent(event, builder, state);
      if (builder.finished) break;
    }
  });

/**
 * The `openai-completions` adapter: Chat Completions streaming through the official SDK. Also
 * the adapter for OpenAI-compatible servers (vLLM, LM Studio, OpenRouter, llama.cpp, DeepSeek).
 */
import type OpenAI from "openai";
import type { MessageBuilder } from "../../stream/message-builder.js";
import { runAdapter } from "../../stream/run-adapter.js";
import type { StopReason, StreamFunction } from "../../types.js";
import { createOpenAIClient } from "../shared/openai-client.js";
import { toCompletionsParams } from "./convert.js";
import { OPENAI_ERROR_RULES } from "./errors.js";

const STOP_REASONS: Record<string, Exclude<StopReason, "error" | "aborted">> = {
  stop: "stop",
  length: "length",
  tool_calls: "toolUse",
  function_call: "toolUse",
  content_filter: "stop",
};

/** Reasoning text as compatible servers send it (DeepSeek, vLLM: reasoning_content; OpenRouter, Ollama: reasoning). */
interface CompatDelta {
  reasoning_content?: string | null;
  reasoning?: string | null;
}

interface CompatUsage {
  prompt_cache_hit_tokens?: number;
}

function applyUsage(usage: OpenAI.CompletionUsage, b: MessageBuilder): void {
  const cached =
    usage.prompt_tokens_details?.cached_tokens ?? (usage as CompatUsage).prompt_cache_hit_tokens ?? 0;
  b.setUsage({ input: usage.prompt_tokens - cached, output: usage.completion_tokens, cacheRead: cached });
}

function applyChunk(
  chunk: OpenAI.Chat.ChatCompletionChunk,
  b: MessageBuilder,
  state: { stop?: string },
): void {
  b.setResponseId(chunk.id);
  if (chunk.usage) applyUsage(chunk.usage, b);
  const choice = chunk.choices[0];
  if (!choice) return;
  const delta = choice.delta as OpenAI.Chat.ChatCompletionChunk.Choice.Delta & CompatDelta;
  const reasoning = delta.reasoning_content ?? delta.reasoning;
  if (reasoning) b.appendThinking(reasoning);
  if (delta.content) {
    if (b.isOpen("thinking")) b.endBlock("thinking");
    b.appendText(delta.content);
  }
  for (const call of delta.tool_calls ?? []) {
    const key = `tool:${call.index}`;
    if (!b.isOpen(key)) {
      b.endBlock("thinking");
      b.endBlock("text");
    }
    if (call.id || call.function?.name)
      b.startToolCall(key, { id: call.id ?? "", name: call.function?.name ?? "" });
    if (call.function?.arguments) b.appendToolArguments(key, call.function.arguments);
  }
  if (choice.finish_reason) state.stop = choice.finish_reason;
}

/**
 * Streams from a Chat Completions endpoint (OpenAI or compatible, by `model.baseUrl`).
 *
 * @example
 * const model = defineOpenAICompatibleModel({ baseUrl: "http://127.0.0.1:1234/v1", id: "qwen3-8b" });
 * const reply = await streamOpenAICompletions(model, { messages }).result();
 */
export const streamOpenAICompletions: StreamFunction = (model, context, options) =>
  runAdapter(model, options, OPENAI_ERROR_RULES, async ({ builder, signal, options: opts }) => {
    const client = await createOpenAIClient(model, opts);
    const chunks = await client.chat.completions.create(toCompletionsParams(model, context, opts), {
      signal,
    });
    builder.start();
    const state: { stop?: string } = {};
    for await (const chunk of chunks) applyChunk(chunk, builder, state);
    if (signal.aborted || !state.stop) return; // the runner reports the abort or the cut-off stream
    const hasCalls = builder.message.content.some((block) => block.type === "toolCall");
    // Some compatible servers say "stop" even when the turn ends in tool calls.
    builder.finish(hasCalls && state.stop === "stop" ? "toolUse" : (STOP_REASONS[state.stop] ?? "stop"));
  });

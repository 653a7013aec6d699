/**
 * The `anthropic-messages` adapter: the official SDK's streaming Messages call, parsed into the
 * shared message builder.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { MessageBuilder } from "../../stream/message-builder.js";
import { runAdapter } from "../../stream/run-adapter.js";
import type { StopReason, StreamFunction } from "../../types.js";
import { lazyPeer } from "../shared/optional-peer.js";
import { toAnthropicParams } from "./convert.js";
import { ANTHROPIC_ERROR_RULES } from "./errors.js";

const loadAnthropicSdk = lazyPeer(
  ["@anthropic-ai/sdk"],
  "The Anthropic adapter",
  () => import("@anthropic-ai/sdk"),
);

const STOP_REASONS: Record<string, Exclude<StopReason, "error" | "aborted">> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  refusal: "stop",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  tool_use: "toolUse",
};

interface UsageFields {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

/** Usage arrives in message_start and (cumulatively, sometimes partially) in message_delta. */
class UsageTracker {
  input = 0;
  output = 0;
  cacheRead = 0;
  cacheWrite = 0;
  update(u: UsageFields, builder: MessageBuilder): void {
    if (u.input_tokens != null) this.input = u.input_tokens;
    if (u.output_tokens != null) this.output = u.output_tokens;
    if (u.cache_read_input_tokens != null) this.cacheRead = u.cache_read_input_tokens;
    if (u.cache_creation_input_tokens != null) this.cacheWrite = u.cache_creation_input_tokens;
    builder.setUsage(this);
  }
}

function handleEvent(
  event: Anthropic.RawMessageStreamEvent,
  b: MessageBuilder,
  usage: UsageTracker,
  stop: { reason?: string },
): void {
  switch (event.type) {
    case "message_start":
      b.setResponseId(event.message.id);
      usage.update(event.message.usage, b);
      b.start();
      return;
    case "content_block_start": {
      const block = event.content_block;
      if (block.type === "text") b.appendText(block.text, event.index);
      else if (block.type === "thinking") b.appendThinking(block.thinking, event.index);
      else if (block.type === "redacted_thinking") b.setThinkingSignature(block.data, event.index, true);
      else if (block.type === "tool_use") b.startToolCall(event.index, { id: block.id, name: block.name });
      return;
    }
    case "content_block_delta": {
      const delta = event.delta;
      if (delta.type === "text_delta") b.appendText(delta.text, event.index);
      else if (delta.type === "thinking_delta") b.appendThinking(delta.thinking, event.index);
      else if (delta.type === "signature_delta") b.setThinkingSignature(delta.signature, event.index);
      else if (delta.type === "input_json_delta") b.appendToolArguments(event.index, delta.partial_json);
      return;
    }
    case "content_block_stop":
      b.endBlock(event.index);
      return;
    case "message_delta":
      if (event.delta.stop_reason) stop.reason = event.delta.stop_reason;
      usage.update(event.usage, b);
      return;
    case "message_stop":
      b.finish(STOP_REASONS[stop.reason ?? "end_turn"] ?? "stop");
      return;
  }
}

/**
 * Streams from Anthropic's Messages API. SDK retries are off (failover owns retries).
 *
 * @example
 * const s = streamAnthropic(resolveModel("anthropic/claude-sonnet-4-5"), { messages }, { apiKey, thinking: "low" });
 */
export const streamAnthropic: StreamFunction = (model, context, options) =>
  runAdapter(model, options, ANTHROPIC_ERROR_RULES, async ({ builder, signal, options: opts }) => {
    const { default: AnthropicClient } = await loadAnthropicSdk();
    const client = new AnthropicClient({
      apiKey: opts.apiKey ?? "",
      baseURL: model.baseUrl ?? "https://api.anthropic.com",
      maxRetries: 0,
      ...(opts.timeoutMs !== undefined && { timeout: opts.timeoutMs }),
      defaultHeaders: { ...model.headers, ...opts.headers },
    });
    const params = toAnthropicParams(model, context, opts);
    const events = await client.messages.create(params, { signal });
    const usage = new UsageTracker();
    const stop: { reason?: string } = {};
    for await (const event of events) {
      handleEvent(event, builder, usage, stop);
      if (builder.finished) break;
    }
  });

/**
 * The two calls most code needs: `stream` and `complete`. They dispatch on `model.api` and keep
 * the contract: a missing adapter or a throwing adapter still ends in an `error` event.
 */
import { createAssistantEventStream } from "../stream/event-stream.js";
import { MessageBuilder } from "../stream/message-builder.js";
import type { AssistantEventStream, AssistantMessage, Context, Model, StreamOptions } from "../types.js";
import { ensureBuiltinApis } from "./builtins.js";
import { getApi, listApis } from "./registry.js";

function failedStream(model: Model, message: string, reason: "format" | "unknown"): AssistantEventStream {
  const builder = new MessageBuilder(model, createAssistantEventStream());
  builder.fail({ message, reason });
  return builder.stream;
}

/**
 * Streams one assistant reply. Never throws: failures end the stream with an `error` event.
 *
 * @example
 * const s = stream(resolveModel("anthropic/claude-sonnet-4-5"), { messages }, { apiKey });
 * for await (const event of s) if (event.type === "text_delta") process.stdout.write(event.delta);
 * const message = await s.result();
 */
export function stream(model: Model, context: Context, options?: StreamOptions): AssistantEventStream {
  ensureBuiltinApis();
  const streamFn = getApi(model.api);
  if (!streamFn) {
    return failedStream(
      model,
      `providers: no adapter is registered for api "${model.api}" (model ${model.provider}/${model.id}); registered: ${listApis().join(", ")} — call registerApi("${model.api}", fn)`,
      "format",
    );
  }
  try {
    return streamFn(model, context, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failedStream(model, `providers: adapter for "${model.api}" threw: ${message}`, "unknown");
  }
}

/**
 * Streams a reply to its end and returns the final message (check `stopReason`; it never rejects).
 *
 * @example
 * const reply = await complete(model, { messages: [{ role: "user", content: "Hi", timestamp: Date.now() }] }, { apiKey });
 * if (reply.stopReason === "error") console.error(reply.error?.reason, reply.error?.message);
 */
export function complete(model: Model, context: Context, options?: StreamOptions): Promise<AssistantMessage> {
  return stream(model, context, options).result();
}

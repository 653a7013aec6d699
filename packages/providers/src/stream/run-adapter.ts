/**
 * The scaffolding every adapter shares: create the stream and the message builder, merge the
 * caller's AbortSignal with the timeout, run the adapter body, and turn anything it throws into
 * a classified `error` event. This is where "never throws once called" is enforced.
 */
import { classifyFacts } from "../errors/classify.js";
import { errorFactsFrom } from "../errors/facts.js";
import type { ErrorRule } from "../errors/rules.js";
import type { AssistantEventStream, Model, ProviderErrorInfo, StreamOptions } from "../types.js";
import { createAssistantEventStream } from "./event-stream.js";
import { MessageBuilder } from "./message-builder.js";

/** What an adapter body gets to work with. */
export interface AdapterRun {
  builder: MessageBuilder;
  /** Fires on caller abort or timeout; pass it to the SDK. */
  signal: AbortSignal;
  model: Model;
  options: StreamOptions;
}

/** Thrown by an adapter (or the runner) when the response ended without a stop reason. */
export class StreamIncompleteError extends Error {
  readonly code = "STREAM_INCOMPLETE";
  constructor(message = "The provider closed the stream before the message was finished") {
    super(message);
  }
}

/**
 * Classifies a thrown value into the info carried on a failed message.
 *
 * @example
 * const info = toProviderErrorInfo(ANTHROPIC_ERROR_RULES, err);
 */
export function toProviderErrorInfo(rules: readonly ErrorRule[], error: unknown): ProviderErrorInfo {
  return classifyFacts(rules, errorFactsFrom(error));
}

/**
 * Runs an adapter body under the stream contract. The body parses the provider stream into
 * `run.builder` and calls `builder.finish(...)`; anything thrown becomes an `error` event.
 *
 * @example
 * export const streamMyApi: StreamFunction = (model, context, options) =>
 *   runAdapter(model, options, MY_RULES, async ({ builder, signal }) => {
 *     for await (const chunk of await client.chat({ signal })) builder.appendText(chunk.text);
 *     builder.finish("stop");
 *   });
 */
export function runAdapter(
  model: Model,
  options: StreamOptions | undefined,
  rules: readonly ErrorRule[],
  body: (run: AdapterRun) => Promise<void>,
): AssistantEventStream {
  const stream = createAssistantEventStream();
  const builder = new MessageBuilder(model, stream);
  const opts = options ?? {};
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) controller.abort(opts.signal.reason);
  else opts.signal?.addEventListener("abort", onAbort, { once: true });
  const timer =
    opts.timeoutMs !== undefined
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`Request timed out after ${opts.timeoutMs} ms`));
        }, opts.timeoutMs)
      : undefined;

  const fail = (error: unknown) => {
    if (timedOut) {
      builder.fail({
        message: `Request timed out after ${opts.timeoutMs} ms`,
        reason: "timeout",
        code: "ETIMEDOUT",
      });
    } else if (opts.signal?.aborted) {
      builder.fail({ message: "Request aborted by the caller", reason: "aborted", code: "ABORT_ERR" });
    } else {
      builder.fail(toProviderErrorInfo(rules, error));
    }
  };

  const run = async () => {
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      await body({ builder, signal: controller.signal, model, options: opts });
      if (!builder.finished)
        fail(controller.signal.aborted ? controller.signal.reason : new StreamIncompleteError());
    } catch (error) {
      fail(error);
    } finally {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
    }
  };
  void run();
  return stream;
}

/**
 * The faux provider: a scripted TEST DOUBLE that speaks the real event stream. It exists so the
 * layers above (agent loop, failover, compaction, channels) can be tested without a network.
 * Each call consumes the next script step; the contexts it received are kept for assertions.
 */
import { registerApi } from "../registry/registry.js";
import { runAdapter } from "../stream/run-adapter.js";
import type { AssistantEventStream, Context, Model, ModelCost, StreamOptions } from "../types.js";
import { playReply } from "./play.js";
import type { FauxCall, FauxStep } from "./script.js";

export interface FauxProviderOptions {
  /** Provider id of the faux models (default "faux"). Use distinct ids for several fakes at once. */
  provider?: string;
  /** Default model id (default "faux-1"). */
  modelId?: string;
  contextWindow?: number;
  maxTokens?: number;
  reasoning?: boolean;
  cost?: ModelCost;
  /** What to do when the script runs out: reply with an error (default) or repeat the last step. */
  whenExhausted?: "error" | "repeat-last";
  /** Keep every call in `calls` (default true); long runs (benchmarks, soak tests) turn it off to stay bounded. */
  recordCalls?: boolean;
}

export interface FauxProvider {
  /** A model routed to this fake; pass it to `stream()` / `complete()` or any layer above. */
  readonly model: Model;
  /** Another model id on the same fake (failover tests). */
  modelFor(id: string, overrides?: Partial<Model>): Model;
  /** The stream function itself, for code that takes a StreamFunction directly. */
  stream(model: Model, context: Context, options?: StreamOptions): AssistantEventStream;
  /** Every call received, in order (a snapshot of the context as it was sent). */
  readonly calls: readonly FauxCall[];
  /** Shortcut: the contexts received, in order. */
  readonly contexts: readonly Context[];
  /** Appends steps to the script. */
  push(...steps: FauxStep[]): void;
  /** Steps not yet consumed. */
  readonly remaining: number;
}

/** A copy of the context as sent, so later mutation by the caller does not rewrite history. */
function snapshot(context: Context): Context {
  try {
    return structuredClone(context);
  } catch {
    return {
      ...context,
      messages: [...context.messages],
      ...(context.tools && { tools: [...context.tools] }),
    };
  }
}

const instances = new Map<string, FauxProvider>();

function dispatch(model: Model, context: Context, options?: StreamOptions): AssistantEventStream {
  const instance = instances.get(model.provider);
  if (instance) return instance.stream(model, context, options);
  return runAdapter(model, options, [], async () => {
    throw Object.assign(
      new Error(`faux: no faux provider named "${model.provider}" exists — call createFauxProvider()`),
      {
        status: 404,
      },
    );
  });
}

/**
 * Creates a scripted fake provider (a test double, not a model). It registers itself under the
 * "faux" API, so `stream(faux.model, …)` works through the normal registry.
 *
 * @example
 * const faux = createFauxProvider([
 *   { text: "Let me check.", toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] },
 *   "The file says hello.",
 *   { error: { reason: "rate_limit", status: 429, retryAfterMs: 1000 } },
 * ]);
 * const reply = await complete(faux.model, { messages });
 * expect(faux.contexts[0]?.messages).toHaveLength(1);
 */
export function createFauxProvider(script: FauxStep[] = [], options: FauxProviderOptions = {}): FauxProvider {
  const provider = options.provider ?? "faux";
  const steps = [...script];
  const calls: FauxCall[] = [];
  let callCount = 0;
  let last: FauxStep | undefined;
  const modelFor = (id: string, overrides: Partial<Model> = {}): Model => ({
    id,
    name: `Faux ${id}`,
    provider,
    api: "faux",
    contextWindow: options.contextWindow ?? 128_000,
    maxTokens: options.maxTokens ?? 8_192,
    input: ["text", "image"],
    reasoning: options.reasoning ?? true,
    cost: options.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    ...overrides,
  });

  const instance: FauxProvider = {
    model: modelFor(options.modelId ?? "faux-1"),
    modelFor,
    calls,
    get contexts() {
      return calls.map((c) => c.context);
    },
    get remaining() {
      return steps.length;
    },
    push: (...more) => {
      steps.push(...more);
    },
    stream(model, context, streamOptions = {}) {
      const call: FauxCall = { model, context: snapshot(context), options: streamOptions };
      if (options.recordCalls !== false) calls.push(call);
      let step = steps.shift();
      if (step === undefined && options.whenExhausted === "repeat-last") step = last;
      last = step ?? last;
      callCount++;
      const index = callCount;
      return runAdapter(model, streamOptions, [], (run) => playReply(run, step, call, index));
    },
  };
  instances.set(provider, instance);
  registerApi("faux", dispatch);
  return instance;
}

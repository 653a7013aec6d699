/** A real agent-core runtime over the faux model, as channel layer tests and benchmarks run it. */
import { type AgentRuntime, createAgentRuntime } from "@claw/agent-core";
import { createFauxProvider, type FauxProvider, type FauxStep, type Model } from "@claw/providers";

/** The text of the last user message the model was shown. */
export const lastUserText = (messages: readonly { role: string; content: unknown }[]): string => {
  const last = [...messages].reverse().find((m) => m.role === "user");
  if (typeof last?.content === "string") return last.content;
  return ((last?.content ?? []) as { text?: string }[]).map((b) => b.text ?? "").join("");
};

export interface FauxRuntimeOptions {
  /** What the model answers (default: `seen: <last user text>`); repeated once the script runs out. */
  reply?: FauxStep;
  /** Told each time the runtime starts a run (a benchmark's stopwatch). */
  onRunStart?: () => void;
  /** Keep the model's calls in `faux.calls` (default true; a long benchmark turns it off). */
  recordCalls?: boolean;
}

/**
 * One agent, `main`, with no tools, answering through a faux provider of its own (a unique
 * provider name, so parallel layers never share a script).
 *
 * @example
 * const { runtime, faux } = createFauxRuntime({ reply: "hello" });
 */
export function createFauxRuntime(options: FauxRuntimeOptions = {}): {
  runtime: AgentRuntime;
  faux: FauxProvider;
} {
  const faux = createFauxProvider(
    [options.reply ?? ((call) => `seen: ${lastUserText(call.context.messages)}`)],
    {
      provider: `faux-${Math.random().toString(36).slice(2)}`,
      whenExhausted: "repeat-last",
      ...(options.recordCalls === false ? { recordCalls: false } : {}),
    },
  );
  const ref = `${faux.model.provider}/${faux.model.id}`;
  const models = new Map<string, Model>([[ref, faux.model]]);
  const agentRuntime = createAgentRuntime({
    agents: [{ id: "main", model: { primary: ref }, tools: [], systemPrompt: "Test." }],
    resolveModel: (r) => models.get(r),
    stream: (model, context, streamOptions) => faux.stream(model, context, streamOptions),
  });
  const onRunStart = options.onRunStart;
  if (!onRunStart) return { runtime: agentRuntime, faux };
  const runtime = Object.assign(Object.create(agentRuntime) as AgentRuntime, {
    run: (request: Parameters<AgentRuntime["run"]>[0]) => {
      onRunStart();
      return agentRuntime.run(request);
    },
  });
  return { runtime, faux };
}

/**
 * A 2,000-turn session through the runtime against a 32k-window faux model: every turn reads a
 * 50 KB file (one tool call, one 50 KB tool result). Context pruning (cache-ttl), the threshold
 * check and the memory-flush decision run before every model call, compaction when needed.
 * Reports the largest request (must stay within the window) and the per-turn cost of pruning +
 * threshold checks (p50 must be ≤ 1 ms), against the faux stream alone as the baseline.
 */
import { report } from "@claw/bench-harness";
import { charsPerTokenEstimator, extractIdentifiers } from "@claw/compaction";
import { type Context, createFauxProvider, type FauxCall, type Message } from "@claw/providers";
import { Type } from "typebox";
import {
  type AgentTool,
  type CompactionStrategy,
  createAgentRuntime,
  createCompactionStrategy,
  createMemorySessionStore,
  createModelSummarizer,
} from "../src/index.js";

const TURNS = Number(process.env.CLAW_BENCH_TURNS ?? 2_000);
const WINDOW = 32_000;
const RESULT = "lorem ipsum dolor sit amet, consectetur adipiscing elit sed do eiusmod tempor. "
  .repeat(640)
  .slice(0, 50_000);

function textOf(message: Message | undefined): string {
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((c) => ("text" in c ? c.text : "")).join("");
}

function agentStep(call: FauxCall) {
  const last = call.context.messages.at(-1);
  if (last?.role === "user") {
    const n = /task (\d+)/.exec(textOf(last))?.[1] ?? "0";
    return { toolCalls: [{ name: "read", arguments: { path: `/srv/data/file-${n}.txt` } }] };
  }
  return "done";
}
const agentModel = createFauxProvider([agentStep], { contextWindow: WINDOW, whenExhausted: "repeat-last" });
const summaryModel = createFauxProvider(
  [
    (call: FauxCall) =>
      `Files read: ${extractIdentifiers(`${call.context.systemPrompt}\n${textOf(call.context.messages[0])}`)
        .slice(-40)
        .join(" ")}`,
  ],
  { provider: "faux-summary", whenExhausted: "repeat-last" },
);

const read: AgentTool = {
  name: "read",
  description: "Reads a file.",
  parameters: Type.Object({ path: Type.String() }),
  execute: async (args) => ({
    content: [
      { type: "text", text: (args as { path: string }).path },
      { type: "text", text: RESULT },
    ],
  }),
};

const inner = createCompactionStrategy({
  summarize: createModelSummarizer({ stream: summaryModel.stream, model: summaryModel.model }),
  estimator: charsPerTokenEstimator,
  contextPruning: { mode: "cache-ttl", ttlMs: 0, keepLastAssistants: 1 },
  memoryFlush: { enabled: false },
  qualityGuard: { minKeptShare: 0 },
});
/** The same strategy, timing the per-call checks (pruning, threshold, flush decision). */
let checkMs = 0;
function timed<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    const start = performance.now();
    try {
      return fn(...args);
    } finally {
      checkMs += performance.now() - start;
    }
  };
}
const strategy: CompactionStrategy = {
  transformContext: timed((m, model, s) => inner.transformContext!(m, model, s)),
  shouldCompact: timed((m, model, e) => inner.shouldCompact!(m, model, e)),
  memoryFlush: timed((m, model, e) => inner.memoryFlush!(m, model, e)),
  compact: (...args) => inner.compact(...args),
};

const systemPrompt = "You are a benchmark.";
let largest = 0;
let requests = 0;
const runtime = createAgentRuntime({
  agents: [{ id: "main", model: { primary: "faux/faux-1" }, tools: [read], systemPrompt }],
  resolveModel: () => agentModel.model,
  stream: (model, context: Context, options) => {
    let tokens = charsPerTokenEstimator.text(context.systemPrompt ?? "");
    for (const message of context.messages) tokens += charsPerTokenEstimator.message(message);
    largest = Math.max(largest, tokens);
    requests++;
    return agentModel.stream(model, context, options);
  },
  sessions: createMemorySessionStore(),
  compaction: strategy,
});
let compactions = 0;
let prunes = 0;
runtime.subscribe((event) => {
  if (event.stream !== "compaction") return;
  if (event.data.phase === "end" && event.data.ok) compactions++;
  if (event.data.phase === "prune") prunes++;
});

const perTurn: number[] = [];
const turnMs: number[] = [];
for (let n = 1; n <= TURNS; n++) {
  checkMs = 0;
  const start = performance.now();
  const result = await runtime.run({ sessionKey: "agent:main:bench", message: `task ${n}` }).result;
  turnMs.push(performance.now() - start);
  if (result.status !== "ok") throw new Error(`turn ${n} ended ${result.status}: ${result.error?.message}`);
  perTurn.push(checkMs);
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const p = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;

const suiteName = `context ${TURNS} turns × 50 KB, 32k window`;
report(suiteName, "largest request (est. tokens)", largest, "tok", { target: { max: WINDOW } });
report(suiteName, "requests", requests, "n");
report(suiteName, "compactions", compactions, "n");
report(suiteName, "model calls with pruned tool results", prunes, "n");
report(suiteName, "pruning + threshold checks per turn (p50)", p(perTurn, 0.5), "ms", { target: { max: 1 } });
report(suiteName, "pruning + threshold checks per turn (p99)", p(perTurn, 0.99), "ms");
report(suiteName, "whole turn incl. compaction and faux model (p50)", p(turnMs, 0.5), "ms");

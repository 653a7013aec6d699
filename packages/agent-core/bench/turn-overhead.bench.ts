/**
 * Agent overhead per turn, excluding model time: one run (a single text reply) over a
 * 200-message history with 20 tools, against calling the same faux stream directly.
 */
import { report, suite } from "@claw/bench-harness";
import { createFauxProvider, type Message } from "@claw/providers";
import { Type } from "typebox";
import { type AgentTool, createAgentRuntime, type SessionStore, textResult } from "../src/index.js";

const faux = createFauxProvider(["Done."], { whenExhausted: "repeat-last" });
const history: Message[] = Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0
    ? { role: "user", content: `question ${i}: ${"words ".repeat(40)}`, timestamp: i }
    : {
        role: "assistant",
        content: [{ type: "text", text: `answer ${i}: ${"words ".repeat(60)}` }],
        api: "faux",
        provider: "faux",
        model: "faux-1",
        usage: {
          input: 0,
          output: 0,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 0,
          cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
        },
        stopReason: "stop",
        timestamp: i,
      },
);
const tools: AgentTool[] = Array.from({ length: 20 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool number ${i}`,
  parameters: Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer()) }),
  execute: async () => textResult("ok"),
}));

/** A bench double: a fixed 200-message history; appends are accepted and dropped. */
const fixedSessions: SessionStore = {
  resolve: async (sessionKey, init) => ({
    sessionKey,
    sessionId: "bench",
    agentId: init.agentId,
    createdAt: 0,
    updatedAt: 0,
  }),
  get: async () => undefined,
  loadMessages: async () => history,
  append: async () => {},
  appendCompaction: async () => {},
  patch: async () => undefined,
  reset: async () => undefined,
  delete: async () => false,
  list: async () => [],
};

const runtime = createAgentRuntime({
  agents: [{ id: "main", model: { primary: "faux/faux-1" }, tools, systemPrompt: "You are a benchmark." }],
  resolveModel: () => faux.model,
  stream: faux.stream,
  sessions: fixedSessions,
});

const context = {
  systemPrompt: "You are a benchmark.",
  messages: [...history, { role: "user" as const, content: "go", timestamp: 0 }],
  tools,
};
const rows = await suite("agent-core turn", {
  baseline: { name: "faux stream alone", fn: () => faux.stream(faux.model, context).result() },
  cases: [
    {
      name: "runtime.run (200 msgs, 20 tools)",
      fn: () => runtime.run({ sessionKey: "agent:main:bench", message: "go" }).result,
    },
  ],
  minSamples: 200,
  minTimeMs: 1500,
});
const [base, run] = rows;
if (base && run) {
  report("agent-core turn", "overhead per turn (median)", run.medianMs - base.medianMs, "ms", {
    target: { max: 2 },
  });
  report("agent-core turn", "overhead per turn (p99)", run.p99Ms - base.p99Ms, "ms");
}

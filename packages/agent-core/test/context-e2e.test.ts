/**
 * End to end through the runtime: a faux model with a 16k window, a long session with large
 * tool results. Every request stays under the window, the memory flush runs before compaction,
 * compaction keeps the recent tail and the identifiers, and pruning trims between compactions.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { appendFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { charsPerTokenEstimator, extractIdentifiers } from "@claw/compaction";
import { type Context, createFauxProvider, type FauxCall, type Message } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import {
  type AgentTool,
  createCompactionStrategy,
  createModelSummarizer,
  handleCommand,
  textResult,
} from "../src/index.js";
import { fauxRuntime } from "./helpers.js";

const WINDOW = 16_000;
const FILLER = "alpha beta gamma delta epsilon zeta eta theta iota kappa ".repeat(200); // 11.4k chars

function lastMessage(call: FauxCall): Message | undefined {
  return call.context.messages.at(-1);
}

function textOf(message: Message | undefined): string {
  if (!message) return "";
  if (typeof message.content === "string") return message.content;
  return message.content.map((c) => ("text" in c ? c.text : "")).join("");
}

/** The main model: reads a file per task, answers with its path; in the flush turn writes memory. */
function agentStep(call: FauxCall) {
  const last = lastMessage(call);
  const text = textOf(last);
  if (last?.role === "user" && text.startsWith("Pre-compaction memory flush"))
    return { toolCalls: [{ name: "memory_write", arguments: { note: "durable note" } }] };
  if (last?.role === "toolResult" && last.toolName === "memory_write") return "NO_REPLY";
  if (last?.role === "user") {
    const n = /task (\d+)/.exec(text)?.[1] ?? "0";
    return { toolCalls: [{ name: "read", arguments: { path: `/srv/data/file-${n}.txt` } }] };
  }
  return `done with ${/\/srv\/data\/file-\d+\.txt/.exec(text)?.[0] ?? "?"}`;
}

/** A faux summariser that keeps every identifier of the transcript it is given. */
function keepingSummary(call: FauxCall): string {
  // The previous summary (when updating one) travels in the instructions.
  const source = `${call.context.systemPrompt ?? ""}\n${textOf(call.context.messages[0])}`;
  return `## Done so far\nRead files: ${extractIdentifiers(source).join(" ")}`;
}

function estimate(context: Context): number {
  let tokens = charsPerTokenEstimator.text(context.systemPrompt ?? "");
  for (const message of context.messages) tokens += charsPerTokenEstimator.message(message);
  return tokens;
}

function setup(
  summaryStep: (call: FauxCall) => string | object = keepingSummary,
  memoryFlush: { enabled: boolean } = { enabled: true },
) {
  const workspace = mkdtempSync(join(tmpdir(), "claw-ctx-"));
  const order: string[] = [];
  const read: AgentTool = {
    name: "read",
    description: "Reads a file.",
    parameters: Type.Object({ path: Type.String() }),
    execute: async (args) => textResult(`${(args as { path: string }).path}\n${FILLER}`),
  };
  const memoryWrite: AgentTool = {
    name: "memory_write",
    description: "Appends a note to today's memory file.",
    parameters: Type.Object({ note: Type.String() }),
    async execute(args) {
      order.push("flush-write");
      await mkdir(join(workspace, "memory"), { recursive: true });
      await appendFile(join(workspace, "memory", "2026-11-24.md"), `- ${(args as { note: string }).note}\n`);
      return textResult("saved");
    },
  };
  const summarizer = createFauxProvider([summaryStep as never], {
    provider: "faux-sum",
    whenExhausted: "repeat-last",
  });
  const strategy = createCompactionStrategy({
    summarize: createModelSummarizer({ stream: summarizer.stream, model: summarizer.model }),
    estimator: charsPerTokenEstimator,
    contextPruning: { mode: "cache-ttl", ttlMs: 0, keepLastAssistants: 1, minPrunableToolChars: 1_000 },
    memoryFlush,
  });
  const { runtime, faux } = fauxRuntime([agentStep], {
    compaction: strategy,
    tools: [read, memoryWrite],
    faux: { contextWindow: WINDOW, whenExhausted: "repeat-last" },
  });
  const events: { phase: string; reason?: unknown; data: Record<string, unknown> }[] = [];
  runtime.subscribe((event) => {
    if (event.stream !== "compaction") return;
    const data = event.data;
    const reason = "reason" in data ? data.reason : undefined;
    events.push({ phase: data.phase, reason, data });
    order.push(`${data.phase}:${reason ?? ("status" in data ? data.status : "")}`);
  });
  return { runtime, faux, events, order, workspace, summarizer, strategy };
}

describe("context management end to end (16k window, large tool results)", () => {
  it("stays under the window on every request, flushes memory before compacting, keeps the tail and the identifiers, prunes in between", async () => {
    const { runtime, faux, events, order, workspace } = setup();
    for (let n = 1; n <= 30; n++) {
      const result = await runtime.run({ sessionKey: "s", message: `task ${n}` }).result;
      expect(result.status, result.error?.message).toBe("ok");
      expect(result.text).toBe(`done with /srv/data/file-${n}.txt`);
    }
    // Every request the model saw fits its window.
    const sizes = faux.contexts.map(estimate);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(WINDOW);

    const compactions = events.filter((e) => e.phase === "end" && e.reason === "threshold" && e.data.ok);
    expect(compactions.length).toBeGreaterThanOrEqual(3);
    const entry = await runtime.sessions.get("s");
    expect(entry?.compactionCount).toBe(compactions.length);

    // The flush ran (and wrote the workspace's memory file) before the first compaction, once per cycle.
    expect(order.indexOf("flush-write")).toBeGreaterThan(-1);
    expect(order.indexOf("flush-write")).toBeLessThan(order.indexOf("start:threshold"));
    const flushes = events.filter((e) => e.phase === "memoryFlush" && e.data.status === "ok");
    expect(flushes.length).toBeLessThanOrEqual(compactions.length + 1);
    expect(flushes.every((e) => e.data.silent === true)).toBe(true);
    expect(readFileSync(join(workspace, "memory", "2026-11-24.md"), "utf8")).toContain("durable note");

    // Pruning trimmed old tool results between compactions, and said so.
    expect(
      events.some((e) => e.phase === "prune" && Number(e.data.softTrimmed) + Number(e.data.hardCleared) > 0),
    ).toBe(true);
    expect(
      faux.contexts.some((c) => c.messages.some((m) => textOf(m).includes("[Tool result trimmed"))),
    ).toBe(true);

    // The loaded conversation: a summary holding the early identifiers, then the kept tail verbatim.
    const loaded = await runtime.sessions.loadMessages(entry!);
    const summary = textOf(loaded[0]);
    expect(summary).toContain("[Conversation summary]");
    expect(summary).toContain("/srv/data/file-1.txt");
    expect(loaded.at(-1)).toMatchObject({ role: "assistant" });
    expect(textOf(loaded.at(-1))).toBe("done with /srv/data/file-30.txt");
    const lastTask = loaded.findIndex((m) => m.role === "user" && textOf(m) === "task 30");
    expect(lastTask).toBeGreaterThan(0);
    expect(loaded.slice(lastTask).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "assistant",
    ]);
    expect(textOf(loaded[lastTask + 2])).toContain(FILLER);
  });

  it("/context shows the compaction settings and what pruning did", async () => {
    const { runtime, strategy } = setup();
    for (let n = 1; n <= 3; n++) await runtime.run({ sessionKey: "s", message: `task ${n}` }).result;
    runtime.resolveAgent(undefined, "s").compaction = strategy;
    const reply = await handleCommand(runtime, "s", "/context");
    expect(reply?.text).toContain("Compaction: default mode, at 80% of the window");
    expect(reply?.text).toMatch(
      /Pruning: cache-ttl \(ttl 0 s\), \d+ call\(s\) pruned; last: \d+ soft-trimmed, \d+ hard-cleared/,
    );
  });

  it("without the memory flush, no flush turn runs and no memory file appears", async () => {
    const { runtime, workspace, events } = setup(keepingSummary, { enabled: false });
    for (let n = 1; n <= 8; n++) await runtime.run({ sessionKey: "s", message: `task ${n}` }).result;
    expect(events.some((e) => e.phase === "end" && e.data.ok)).toBe(true);
    expect(events.some((e) => e.phase === "memoryFlush")).toBe(false);
    expect(existsSync(join(workspace, "memory"))).toBe(false);
  });
});

describe("summariser failures keep the history and report the failure", () => {
  const failures: { name: string; step: (call: FauxCall) => string | object; error: RegExp }[] = [
    { name: "empty reply", step: () => "", error: /empty/ },
    {
      name: "tool-call-only reply",
      step: () => ({ toolCalls: [{ name: "read", arguments: { path: "x" } }] }),
      error: /only tool calls/,
    },
    {
      name: "provider error",
      step: () => ({ error: { reason: "server_error", status: 500, message: "upstream exploded" } }),
      error: /upstream exploded/,
    },
    { name: "identifier loss", step: () => "We read some files.", error: /lost \d+ of \d+ identifiers/ },
  ];

  it.each(failures)("$name", async ({ step, error }) => {
    const { runtime, events, summarizer } = setup(step);
    for (let n = 1; n <= 3; n++) await runtime.run({ sessionKey: "s", message: `task ${n}` }).result;
    const entry = (await runtime.sessions.get("s"))!;
    const before = await runtime.sessions.loadMessages(entry);
    const summaryCalls = summarizer.calls.length;
    const outcome = await runtime.compact("s");
    expect(outcome.compacted).toBe(false);
    expect(outcome.compacted === false && outcome.reason).toMatch(
      /the summary failed, so the history was kept/,
    );
    expect(outcome.compacted === false && outcome.reason).toMatch(error);
    expect(summarizer.calls.length - summaryCalls).toBeGreaterThanOrEqual(2); // retried per policy
    const failed = events.filter((e) => e.phase === "error" && e.reason === "manual");
    expect(failed).toHaveLength(1);
    expect(String(failed[0]?.data.error)).toMatch(error);
    const after = await runtime.sessions.loadMessages((await runtime.sessions.get("s"))!);
    expect(after).toEqual(before);
    expect((await runtime.sessions.get("s"))?.compactionCount ?? 0).toBe(entry.compactionCount ?? 0);
  });
});

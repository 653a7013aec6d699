import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { charsPerTokenEstimator } from "@claw/compaction";
import { createFauxProvider, type Message } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import {
  type AgentTool,
  createCompactionStrategy,
  createModelSummarizer,
  createPolicyToolFilter,
  createPromptBuilder,
  subagentDepth,
  textResult,
} from "../src/index.js";
import { fauxRuntime } from "./helpers.js";

const tool = (name: string): AgentTool => ({
  name,
  description: `${name} tool`,
  parameters: Type.Object({}),
  execute: async () => textResult(name),
});

describe("tool policy filter", () => {
  const tools = [
    "read",
    "write",
    "edit",
    "apply_patch",
    "exec",
    "process",
    "web_search",
    "memory_search",
    "gateway",
    "cron",
  ].map(tool);
  const model = createFauxProvider([]).model;

  it("applies the spec's worked example", () => {
    const filter = createPolicyToolFilter({
      global: { profile: "coding", alsoAllow: ["memory_search"], deny: ["apply_patch"] },
      agent: { id: "safe-agent", deny: ["exec"] },
    });
    const kept = filter(tools, {
      agentId: "safe-agent",
      sessionKey: "agent:safe-agent:main",
      model,
      isSubagent: false,
    });
    expect(kept.map((t) => t.name)).toEqual([
      "read",
      "write",
      "edit",
      "process",
      "web_search",
      "memory_search",
    ]);
  });

  it("removes owner-only tools (cron) for non-owners and gateway for subagents", () => {
    const filter = createPolicyToolFilter({ global: { profile: "full" } });
    const owner = filter(tools, {
      agentId: "main",
      sessionKey: "agent:main:main",
      model,
      isSubagent: false,
      senderIsOwner: true,
    });
    expect(owner.map((t) => t.name)).toContain("cron");
    const stranger = filter(tools, {
      agentId: "main",
      sessionKey: "agent:main:main",
      model,
      isSubagent: false,
    });
    expect(stranger.map((t) => t.name)).not.toContain("cron");
    const child = filter(tools, {
      agentId: "main",
      sessionKey: "agent:main:subagent:x",
      model,
      isSubagent: true,
      senderIsOwner: true,
    });
    expect(child.map((t) => t.name)).not.toContain("gateway");
  });

  it.each([
    ["agent:main:main", 0],
    ["agent:main:subagent:a", 1],
    ["agent:main:subagent:a:subagent:b", 2],
  ])("subagentDepth(%s) = %i", (key, depth) => {
    expect(subagentDepth(key)).toBe(depth);
  });
});

describe("prompt builder", () => {
  it("builds a prompt with workspace files, tools and the runtime line", async () => {
    const workspaceDir = mkdtempSync(join(tmpdir(), "claw-prompt-"));
    writeFileSync(join(workspaceDir, "SOUL.md"), "Be warm and brief.");
    writeFileSync(join(workspaceDir, "MEMORY.md"), "The user's cat is named Miso.");
    const build = createPromptBuilder({
      workspaceDir,
      now: () => new Date("2026-11-22T10:00:00Z"),
      timeZone: "UTC",
    });
    const model = createFauxProvider([]).model;
    const base = {
      agentId: "main",
      model,
      thinking: "off" as const,
      tools: [tool("read"), tool("exec")],
      isSubagent: false,
    };
    const prompt = await build({ ...base, sessionKey: "agent:main:main" });
    expect(prompt).toContain("Be warm and brief.");
    expect(prompt).toContain("Miso");
    expect(prompt).toMatch(/- read/);
    expect(prompt).toContain("agent=main");
    const group = await build({ ...base, sessionKey: "agent:main:telegram:group:42" });
    expect(group).not.toContain("Miso");
  });

  it("a light context keeps HEARTBEAT.md only (heartbeat) or no workspace file (cron)", async () => {
    const workspaceDir = mkdtempSync(join(tmpdir(), "claw-prompt-"));
    writeFileSync(join(workspaceDir, "SOUL.md"), "Be warm and brief.");
    writeFileSync(join(workspaceDir, "HEARTBEAT.md"), "- check the build");
    const build = createPromptBuilder({ workspaceDir });
    const base = {
      agentId: "main",
      sessionKey: "agent:main:main",
      model: createFauxProvider([]).model,
      thinking: "off" as const,
      tools: [tool("read")],
      isSubagent: false,
    };
    const full = await build(base);
    expect(full).toContain("Be warm and brief.");
    expect(full).toContain("- check the build");
    const beat = await build({
      ...base,
      bootstrapContextMode: "lightweight",
      bootstrapContextRunKind: "heartbeat",
    });
    expect(beat).not.toContain("Be warm and brief.");
    expect(beat).toContain("## HEARTBEAT.md");
    expect(beat).toContain("- check the build");
    const cron = await build({
      ...base,
      bootstrapContextMode: "lightweight",
      bootstrapContextRunKind: "cron",
    });
    expect(cron).not.toContain("# Project Context");
    expect(cron).toContain("- read");
    expect(cron.length).toBeLessThan(full.length);
  });
});

describe("compaction strategy", () => {
  const big = (i: number): Message => ({
    role: "user",
    content: `message ${i} ${"lorem ipsum ".repeat(400)}`,
    timestamp: i,
  });

  it("compacts on overflow with a model summary, persists it, and retries", async () => {
    const summarizerModel = createFauxProvider(["## Goal\nKeep chatting about lorem ipsum."], {
      provider: "faux-summary",
      whenExhausted: "repeat-last",
    });
    const strategy = createCompactionStrategy({
      mode: "default",
      keepRecentTokens: 2_000,
      summarize: createModelSummarizer({ stream: summarizerModel.stream, model: summarizerModel.model }),
      thresholdShare: 0,
    });
    const { runtime, faux } = fauxRuntime(
      [
        { error: { reason: "context_overflow", status: 400, message: "prompt is too long" } },
        "after compaction",
      ],
      { compaction: strategy, faux: { contextWindow: 40_000 } },
    );
    const entry = await runtime.sessions.resolve("s", { agentId: "main" });
    for (let i = 0; i < 20; i++) await runtime.sessions.append(entry, big(i));
    const result = await runtime.run({ sessionKey: "s", message: "go on" }).result;
    expect(result.status).toBe("ok");
    const retried = faux.contexts[1]?.messages ?? [];
    expect(String(retried[0]?.content)).toContain("Keep chatting about lorem ipsum.");
    expect(retried.length).toBeLessThan(21);
    const reloaded = await runtime.sessions.loadMessages((await runtime.sessions.get("s"))!);
    expect(String(reloaded[0]?.content)).toContain("Keep chatting about lorem ipsum.");
    expect(reloaded.at(-1)?.role).toBe("assistant");
  });

  it("compacts before the prompt when the history crosses the threshold", async () => {
    const summarizerModel = createFauxProvider(["short summary"], {
      provider: "faux-summary-2",
      whenExhausted: "repeat-last",
    });
    const strategy = createCompactionStrategy({
      mode: "default",
      keepRecentTokens: 1_000,
      summarize: createModelSummarizer({ stream: summarizerModel.stream, model: summarizerModel.model }),
      thresholdShare: 0.5,
    });
    const { runtime, faux } = fauxRuntime(["ok"], { compaction: strategy, faux: { contextWindow: 20_000 } });
    const entry = await runtime.sessions.resolve("s", { agentId: "main" });
    for (let i = 0; i < 20; i++) await runtime.sessions.append(entry, big(i));
    const events: string[] = [];
    runtime.subscribe((e) => {
      if (e.stream === "compaction") events.push(String(e.data.phase));
    });
    expect((await runtime.run({ sessionKey: "s", message: "hi" }).result).status).toBe("ok");
    expect(events).toEqual(["start", "end"]);
    expect(String(faux.contexts[0]?.messages[0]?.content)).toContain("short summary");
  });
});

describe("compaction threshold", () => {
  const model = createFauxProvider([], { contextWindow: 100_000 }).model;
  const history = (tokens: number): Message[] => [
    { role: "user", content: "x".repeat(tokens * 4), timestamp: 0 },
    { role: "user", content: "x".repeat(tokens * 4), timestamp: 1 },
  ];
  const strategy = (maxContextTokens?: number) =>
    createCompactionStrategy({
      summarize: async () => "s",
      estimator: charsPerTokenEstimator,
      maxContextTokens,
    });

  it("counts the system prompt and caps the window at contextTokens", () => {
    // 100k window: threshold min(80k, 100k − 16384) = 80k.
    expect(strategy().shouldCompact?.(history(39_000), model)).toBe(false);
    expect(strategy().shouldCompact?.(history(39_000), model, { systemPrompt: "y".repeat(16_004) })).toBe(
      true,
    );
    // Capped at 20k: threshold min(16k, 20k − 5k) = 15k.
    expect(strategy(20_000).shouldCompact?.(history(7_000), model)).toBe(false);
    expect(strategy(20_000).shouldCompact?.(history(7_600), model)).toBe(true);
  });
});

describe("runtime.compact and idle", () => {
  it("compacts a session on demand, queued behind its runs", async () => {
    const summarizerModel = createFauxProvider(["manual summary"], {
      provider: "faux-summary-3",
      whenExhausted: "repeat-last",
    });
    const strategy = createCompactionStrategy({
      mode: "default",
      keepRecentTokens: 500,
      summarize: createModelSummarizer({ stream: summarizerModel.stream, model: summarizerModel.model }),
      thresholdShare: 0,
    });
    const { runtime } = fauxRuntime(["ok"], { compaction: strategy });
    const entry = await runtime.sessions.resolve("s", { agentId: "main" });
    for (let i = 0; i < 12; i++) {
      await runtime.sessions.append(entry, {
        role: "user",
        content: `note ${i} ${"text ".repeat(300)}`,
        timestamp: i,
      });
    }
    const run = runtime.run({ sessionKey: "s", message: "hello" });
    const compacted = await runtime.compact("s");
    expect((await run.result).status).toBe("ok");
    expect(compacted.compacted && compacted.messages).toBeGreaterThan(0);
    const loaded = await runtime.sessions.loadMessages((await runtime.sessions.get("s"))!);
    expect(String(loaded[0]?.content)).toContain("manual summary");
    await runtime.idle("s");
  });

  it("without a strategy, compact says nothing was done and why", async () => {
    const { runtime } = fauxRuntime([]);
    expect(await runtime.compact("s")).toEqual({
      compacted: false,
      reason: "no compaction is configured for this agent",
    });
  });
});

describe("runtime.close", () => {
  it("refuses new runs afterwards with a terminal error", async () => {
    const { runtime } = fauxRuntime(["never"]);
    await runtime.close();
    const run = runtime.run({ sessionKey: "s", message: "late" });
    const result = await run.result;
    expect(result.status).toBe("error");
    expect(result.error?.message).toMatch(/shut down/);
    const phases: unknown[] = [];
    for await (const event of run.events) if (event.stream === "lifecycle") phases.push(event.data.phase);
    expect(phases).toEqual(["error"]);
  });
});

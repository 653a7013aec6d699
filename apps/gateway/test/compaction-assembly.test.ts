import { validateConfig } from "@claw/config";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { agentCompactionConfig, assembleCompaction } from "../src/assemble/compaction.js";
import { createModelResolver } from "../src/assemble/models.js";

function config(document: Record<string, unknown>) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

const base = {
  agents: {
    defaults: {
      compaction: {
        mode: "safeguard",
        keepRecentTokens: 12_000,
        memoryFlush: { softThresholdTokens: 2_000 },
      },
      contextPruning: { mode: "cache-ttl", ttl: "10m", tools: { deny: ["memory_*"] } },
    },
    list: [
      { id: "main", default: true },
      {
        id: "coder",
        compaction: { mode: "default", keepRecentTokens: 6_000, memoryFlush: { enabled: false } },
        contextPruning: { mode: "cache-ttl", ttl: "30s", softTrim: { maxChars: 2_000 } },
      },
    ],
  },
};

describe("per-agent compaction settings", () => {
  it("an agent's own section replaces the defaults' section; agents without one inherit it", () => {
    const cfg = config(base);
    expect(agentCompactionConfig(cfg, "main").compaction).toMatchObject({
      mode: "safeguard",
      keepRecentTokens: 12_000,
    });
    expect(agentCompactionConfig(cfg, "main").contextPruning).toMatchObject({
      ttl: "10m",
      tools: { deny: ["memory_*"] },
    });
    const coder = agentCompactionConfig(cfg, "coder");
    expect(coder.compaction).toMatchObject({
      mode: "default",
      keepRecentTokens: 6_000,
      memoryFlush: { enabled: false },
    });
    expect(coder.contextPruning).toMatchObject({
      mode: "cache-ttl",
      ttl: "30s",
      softTrim: { maxChars: 2_000 },
    });
  });

  it("each agent's strategy carries its own mode and pruning ttl", () => {
    const cfg = config(base);
    const faux = createFauxProvider([], { contextWindow: 32_000 });
    const models = createModelResolver(cfg, [faux.model]);
    const ref = `${faux.model.provider}/${faux.model.id}`;
    const session = { sessionKey: "agent:x:main", sessionId: "x" };
    const main = assembleCompaction(cfg, { id: "main", model: { primary: ref } }, models, [], faux.stream);
    const coder = assembleCompaction(cfg, { id: "coder", model: { primary: ref } }, models, [], faux.stream);
    expect(main?.describe?.(session)).toEqual([
      "Compaction: safeguard mode, at 80% of the window (reply reserve included), memory flush on",
      "Pruning: cache-ttl (ttl 600 s), nothing pruned in this session yet",
    ]);
    expect(coder?.describe?.(session)).toEqual([
      "Compaction: default mode, at 80% of the window (reply reserve included)",
      "Pruning: cache-ttl (ttl 30 s), nothing pruned in this session yet",
    ]);
  });

  it("keepRecentTokens is validated", () => {
    const result = validateConfig({ agents: { defaults: { compaction: { keepRecentTokens: 0 } } } });
    expect(result.ok).toBe(false);
  });
});

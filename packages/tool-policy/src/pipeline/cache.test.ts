import { describe, expect, it } from "vitest";
import { createToolPolicyCache, toolPolicyCacheKey } from "./cache.js";

describe("createToolPolicyCache", () => {
  it("returns the same compiled policy for equal options", () => {
    const cache = createToolPolicyCache();
    const a = cache.get({ global: { profile: "coding" }, sender: { isOwner: true } });
    const b = cache.get({ global: { profile: "coding" }, sender: { isOwner: true } });
    expect(b).toBe(a);
    expect(cache.size).toBe(1);
  });

  it.each([
    [{ sender: { isOwner: true } }, { sender: { isOwner: false } }],
    [{ subagent: { depth: 1 } }, { subagent: { depth: 2 } }],
    [{ global: { deny: ["exec"] } }, { global: { deny: ["exec", "read"] } }],
    [{ model: { provider: "openai" } }, { model: { provider: "anthropic" } }],
  ])("compiles again when an input that matters changes", (first, second) => {
    const cache = createToolPolicyCache();
    expect(cache.get(first)).not.toBe(cache.get(second));
    expect(toolPolicyCacheKey(first)).not.toBe(toolPolicyCacheKey(second));
  });

  it("evicts the least recently used entry", () => {
    const cache = createToolPolicyCache({ maxEntries: 2 });
    const a = cache.get({ subagent: { depth: 0 } });
    cache.get({ subagent: { depth: 1 } });
    cache.get({ subagent: { depth: 0 } });
    cache.get({ subagent: { depth: 2 } });
    expect(cache.size).toBe(2);
    expect(cache.get({ subagent: { depth: 0 } })).toBe(a);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

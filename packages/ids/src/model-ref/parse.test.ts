import { describe, expect, it } from "vitest";
import { formatModelRef, parseModelRef, requireModelRef } from "./parse.js";

describe("parseModelRef", () => {
  it.each([
    ["anthropic/claude-opus-4-6", { provider: "anthropic", modelId: "claude-opus-4-6" }],
    ["openrouter/moonshotai/kimi-k2", { provider: "openrouter", modelId: "moonshotai/kimi-k2" }],
    [
      "openrouter/anthropic/claude-sonnet-4.5",
      { provider: "openrouter", modelId: "anthropic/claude-sonnet-4.5" },
    ],
    ["OpenAI/GPT-4o", { provider: "openai", modelId: "GPT-4o" }],
    ["  ollama / llama3.1:8b  ", { provider: "ollama", modelId: "llama3.1:8b" }],
    ["lmstudio/qwen/", { provider: "lmstudio", modelId: "qwen/" }],
    ["gpt-4o", undefined],
    ["", undefined],
    ["/gpt-4o", undefined],
    ["openai/", undefined],
    [" /x", undefined],
    ["openai/   ", undefined],
  ])("%j → %j", (input, expected) => {
    const parsed = parseModelRef(input);
    if (expected === undefined) expect(parsed).toBeUndefined();
    else expect(parsed).toEqual({ ...expected, ref: `${expected.provider}/${expected.modelId}` });
  });

  it("formats back to the canonical ref", () => {
    const parsed = parseModelRef(" Anthropic/claude-opus-4-6");
    expect(parsed && formatModelRef(parsed.provider, parsed.modelId)).toBe("anthropic/claude-opus-4-6");
  });

  it("requireModelRef names the caller and the expected shape", () => {
    expect(() => requireModelRef("gpt-4o", "failover")).toThrow(
      'failover: "gpt-4o" is not "provider/model" — write it like "anthropic/claude-sonnet-4-5"',
    );
    expect(requireModelRef("openai/gpt-4o").ref).toBe("openai/gpt-4o");
  });
});

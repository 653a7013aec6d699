import { describe, expect, it } from "vitest";
import { parseModelRef } from "../index.js";
import { defineOpenAICompatibleModel } from "./compatible.js";
import { MODEL_CATALOG } from "./models.js";
import { findModel, listModels, resolveModel } from "./resolve.js";

describe("model catalog", () => {
  it("has unique provider/id pairs and sane numbers", () => {
    const refs = MODEL_CATALOG.map((m) => `${m.provider}/${m.id}`);
    expect(new Set(refs).size).toBe(refs.length);
    for (const m of MODEL_CATALOG) {
      expect(m.contextWindow).toBeGreaterThan(m.maxTokens);
      expect(m.input).toContain("text");
      for (const price of Object.values(m.cost)) expect(price).toBeGreaterThanOrEqual(0);
      expect(m.cost.cacheRead).toBeLessThanOrEqual(m.cost.input);
    }
  });

  it("covers every built-in provider with its API", () => {
    expect(new Set(MODEL_CATALOG.map((m) => `${m.provider}:${m.api}`))).toEqual(
      new Set([
        "anthropic:anthropic-messages",
        "openai:openai-responses",
        "google:google-generative-ai",
        "ollama:ollama-chat",
      ]),
    );
    expect(listModels("ollama").every((m) => m.cost.input === 0)).toBe(true);
  });
});

describe("resolveModel", () => {
  it("finds catalog models", () => {
    expect(resolveModel("openai/gpt-4o")).toMatchObject({ contextWindow: 128_000, api: "openai-responses" });
  });

  it("prefers custom models and keeps slashes in ids", () => {
    const custom = defineOpenAICompatibleModel({
      baseUrl: "https://openrouter.ai/api/v1/",
      provider: "openrouter",
      id: "anthropic/claude-sonnet-4.5",
    });
    expect(parseModelRef("openrouter/anthropic/claude-sonnet-4.5")).toEqual({
      provider: "openrouter",
      modelId: "anthropic/claude-sonnet-4.5",
      ref: "openrouter/anthropic/claude-sonnet-4.5",
    });
    expect(resolveModel("openrouter/anthropic/claude-sonnet-4.5", { customModels: [custom] })).toBe(custom);
    const override = { ...resolveModel("openai/gpt-4o"), contextWindow: 1 };
    expect(findModel("openai/gpt-4o", { customModels: [override] })?.contextWindow).toBe(1);
  });

  it("says what you probably meant", () => {
    expect(() => resolveModel("anthropic/claude-sonet-4-5")).toThrow(
      /did you mean "anthropic\/claude-sonnet-4-5"/,
    );
    expect(() => resolveModel("gpt-4o")).toThrow(/not a "provider\/id" reference/);
  });
});

describe("defineOpenAICompatibleModel", () => {
  it("fills conservative defaults and trims the base URL", () => {
    const m = defineOpenAICompatibleModel({ baseUrl: "http://127.0.0.1:1234/v1/", id: "qwen3-8b" });
    expect(m).toMatchObject({
      api: "openai-completions",
      provider: "127.0.0.1",
      baseUrl: "http://127.0.0.1:1234/v1",
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    });
  });
  it("rejects a base URL that is not a URL", () => {
    expect(() => defineOpenAICompatibleModel({ baseUrl: "localhost:1234", id: "x" })).toThrow(
      /is not an http\(s\) URL/,
    );
  });
});

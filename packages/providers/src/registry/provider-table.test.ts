import { describe, expect, it } from "vitest";
import { BUILTIN_APIS } from "./builtins.js";
import {
  findProvider,
  isKeylessProvider,
  keylessProviders,
  PROVIDER_TABLE,
  type ProviderFacts,
  providerEnvKeys,
} from "./provider-table.js";

describe("provider table", () => {
  it("has one row per id, each on a built-in adapter (or the faux test double)", () => {
    const ids = PROVIDER_TABLE.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of PROVIDER_TABLE) {
      if (row.api !== "faux") expect(BUILTIN_APIS[row.api], row.id).toBeDefined();
      expect(row.keyless || row.envKeys.length > 0, `${row.id} needs a key but names no env key`).toBe(true);
    }
  });

  it("answers keyless, env keys and lookups from the rows", () => {
    expect(keylessProviders()).toEqual(["ollama", "faux"]);
    expect(isKeylessProvider("ollama")).toBe(true);
    expect(isKeylessProvider("anthropic")).toBe(false);
    expect(isKeylessProvider("my-proxy")).toBe(false);
    expect(providerEnvKeys()).toEqual({
      anthropic: ["ANTHROPIC_API_KEY"],
      openai: ["OPENAI_API_KEY"],
      google: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
      openrouter: ["OPENROUTER_API_KEY"],
    });
    expect(findProvider("google")?.api).toBe("google-generative-ai");
    expect(findProvider("nope")).toBeUndefined();
  });

  it("a new row is seen by every helper", () => {
    const extra: ProviderFacts = {
      id: "acme",
      api: "openai-completions",
      baseUrl: "https://api.acme.test/v1",
      envKeys: ["ACME_API_KEY"],
      keyless: false,
    };
    const table = [...PROVIDER_TABLE, extra];
    expect(findProvider("acme", table)).toBe(extra);
    expect(providerEnvKeys(table).acme).toEqual(["ACME_API_KEY"]);
    expect(keylessProviders(table)).not.toContain("acme");
  });
});

import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { ClawConfigSchema } from "../schema/config.js";
import { applyDefaults } from "./apply-defaults.js";

const schema = ClawConfigSchema as unknown as Record<string, unknown>;

// Documents touching every kind of node: nested objects, arrays of objects, records, unions.
const documents: Record<string, unknown> = {
  empty: {},
  gateway: { gateway: { port: 8080, auth: { mode: "password", password: "x" } } },
  agents: {
    agents: {
      defaults: { model: { primary: "anthropic/claude-sonnet-4-5" }, compaction: {} },
      list: [
        { id: "main", default: true, tools: { byProvider: { openai: { profile: "coding" } } } },
        { id: "b" },
      ],
    },
  },
  channels: {
    channels: {
      telegram: { accounts: { work: { botToken: "t", groups: { "-100": { requireMention: false } } } } },
      discord: { guilds: { g: {} } },
    },
  },
  models: {
    models: { providers: { local: { baseUrl: "http://127.0.0.1:1234/v1", models: [{ id: "m" }] } } },
    auth: {
      profiles: { "anthropic:me": { provider: "anthropic", mode: "api_key" } },
      order: { anthropic: ["a"] },
    },
  },
  wrongTypes: { gateway: "nope", agents: { list: "x" }, session: { resetTriggers: [1, {}] }, messages: null },
};

describe("applyDefaults", () => {
  for (const [name, document] of Object.entries(documents)) {
    it(`matches TypeBox Value.Default on the config schema: ${name}`, () => {
      const expected = Value.Default(ClawConfigSchema, structuredClone(document));
      expect(applyDefaults(schema, structuredClone(document))).toEqual(expected);
    });
  }

  it("fills a union branch only when its defaulted copy validates", () => {
    const union = {
      anyOf: [
        { type: "string" },
        { type: "object", properties: { n: { type: "number", default: 1 } }, required: ["n"] },
      ],
    };
    expect(applyDefaults(union, {})).toEqual({ n: 1 });
    expect(applyDefaults(union, "s")).toBe("s");
    expect(applyDefaults(union, 5)).toBe(5);
  });

  it("never shares a default between two results", () => {
    const a = applyDefaults(schema, {}) as { gateway: { allowedOrigins: string[] } };
    a.gateway.allowedOrigins.push("x");
    const b = applyDefaults(schema, {}) as { gateway: { allowedOrigins: string[] } };
    expect(b.gateway.allowedOrigins).toEqual([]);
  });
});

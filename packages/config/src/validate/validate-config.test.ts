import { describe, expect, it } from "vitest";
import { configJsonSchema } from "../schema/config.js";
import { formatConfigIssue } from "./issue.js";
import { defaultConfig, validateConfig } from "./validate-config.js";

function issues(document: unknown, knownModels?: string[], openProviders?: string[]) {
  const result = validateConfig(document, {
    ...(knownModels ? { knownModels } : {}),
    ...(openProviders ? { openProviders } : {}),
  });
  return result.ok ? [] : result.issues;
}

describe("defaults", () => {
  it("an empty document gets every default", () => {
    const config = defaultConfig();
    expect(config.gateway).toEqual({
      port: 18789,
      bind: "loopback",
      auth: { mode: "token", dangerouslyAllowNoAuth: false },
      controlUi: { enabled: true, basePath: "/" },
      allowedOrigins: [],
    });
    expect(config.session).toMatchObject({
      scope: "per-sender",
      mainKey: "main",
      resetTriggers: ["/new", "/reset"],
    });
    expect(config.messages.queue).toEqual({ mode: "collect", debounceMs: 1000, cap: 20, drop: "summarize" });
    expect(config.agents.defaults.compaction).toMatchObject({
      reserveTokensFloor: 20000,
      memoryFlush: { softThresholdTokens: 4000 },
    });
    expect(config.agents.defaults.memorySearch.query.hybrid).toEqual({
      enabled: true,
      vectorWeight: 0.7,
      textWeight: 0.3,
      candidateMultiplier: 4,
    });
    expect(config.agents.list).toBeUndefined();
  });

  it("agents.list entries get no section defaults (they inherit via resolveAgentConfig)", () => {
    const result = validateConfig({ agents: { list: [{ id: "a" }] } });
    expect(result.ok && result.config.agents.list?.[0]).toEqual({ id: "a" });
  });

  it("explicit values are kept", () => {
    const result = validateConfig({
      gateway: { port: 8080, bind: "lan" },
      session: { dmScope: "per-channel-peer" },
    });
    expect(result.ok && result.config.gateway.port).toBe(8080);
    expect(result.ok && result.config.session.dmScope).toBe("per-channel-peer");
  });

  it("the JSON Schema drops defaulted keys from required and keeps closed objects", () => {
    const schema = configJsonSchema() as {
      required?: string[];
      additionalProperties: boolean;
      properties: Record<string, unknown>;
    };
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        "agents",
        "models",
        "auth",
        "tools",
        "session",
        "bindings",
        "channels",
        "gateway",
        "memory",
        "cron",
        "skills",
        "hooks",
        "logging",
      ]),
    );
    expect(JSON.stringify(schema)).toContain('"required":["id"]');
  });
});

describe("structural problems: every one, with path, value and hint", () => {
  const cases: {
    name: string;
    document: unknown;
    expected: { path: string; message: RegExp; hint?: RegExp; value?: unknown }[];
  }[] = [
    { name: "not an object", document: [1], expected: [{ path: "", message: /must be an object/ }] },
    {
      name: "unknown top-level key with a close match",
      document: { gatway: {} },
      expected: [{ path: "gatway", message: /is not a known key/, hint: /did you mean "gateway"/ }],
    },
    {
      name: "unknown key that lives elsewhere",
      document: { workspace: "~/w" },
      expected: [
        { path: "workspace", message: /not a known key/, hint: /known at agents\.defaults\.workspace/ },
      ],
    },
    {
      name: "legacy root agent",
      document: { agent: { workspace: "~/w" } },
      expected: [{ path: "agent", message: /not a known key/, hint: /legacy form of "agents.defaults"/ }],
    },
    {
      name: "wrong type",
      document: { gateway: { port: "18789" } },
      expected: [{ path: "gateway.port", message: /must be an integer, not a string/, value: "18789" }],
    },
    {
      name: "out of range",
      document: { gateway: { port: 70000 } },
      expected: [{ path: "gateway.port", message: /at most 65535/, value: 70000 }],
    },
    {
      name: "enum typo gets the closest value",
      document: { session: { dmScope: "per-chanel-peer" } },
      expected: [
        {
          path: "session.dmScope",
          message: /is not one of "main", "per-peer"/,
          hint: /did you mean "per-channel-peer"/,
        },
      ],
    },
    {
      name: "nested unknown key inside a list entry",
      document: { agents: { list: [{ id: "a", modle: "x/y" }] } },
      expected: [{ path: "agents.list[0].modle", message: /not a known key/, hint: /did you mean "model"/ }],
    },
    {
      name: "missing required key",
      document: { agents: { list: [{ name: "no id" }] } },
      expected: [{ path: "agents.list[0].id", message: /is required/ }],
    },
    {
      name: "bad agent id format",
      document: { agents: { list: [{ id: "Code Reviewer" }] } },
      expected: [{ path: "agents.list[0].id", message: /wrong format/, hint: /lower-case letters/ }],
    },
    {
      name: "union: model object with a bad field",
      document: { agents: { defaults: { model: { primary: "a/b", fallback: ["c/d"] } } } },
      expected: [
        {
          path: "agents.defaults.model.fallback",
          message: /not a known key/,
          hint: /did you mean "fallbacks"/,
        },
      ],
    },
    {
      name: "union: neither string nor object",
      document: { agents: { defaults: { model: 42 } } },
      expected: [{ path: "agents.defaults.model", message: /must be a string or an object, not an integer/ }],
    },
    {
      name: "record values are checked",
      document: { models: { providers: { local: { baseUrl: "localhost:11434" } } } },
      expected: [{ path: "models.providers.local.baseUrl", message: /wrong format/, hint: /http:\/\// }],
    },
    {
      name: "identity links must be channel:peer",
      document: { session: { identityLinks: { alice: ["123"] } } },
      expected: [{ path: "session.identityLinks.alice[0]", message: /wrong format/, hint: /telegram:123/ }],
    },
    {
      name: "channels are closed too",
      document: { channels: { telegram: { botTokn: "x" } } },
      expected: [
        { path: "channels.telegram.botTokn", message: /not a known key/, hint: /did you mean "botToken"/ },
      ],
    },
  ];
  it.each(cases)("$name", ({ document, expected }) => {
    const found = issues(document);
    expect(found).toHaveLength(expected.length);
    expected.forEach((want, i) => {
      const got = found[i];
      expect(got?.path).toBe(want.path);
      expect(got?.message).toMatch(want.message);
      if (want.hint) expect(got?.hint).toMatch(want.hint);
      if ("value" in want) expect(got?.value).toEqual(want.value);
    });
  });

  it("lists every problem in one pass", () => {
    const found = issues({
      gatway: 1,
      gateway: { port: "x", auth: { mode: "tok" } },
      logging: { level: "loud" },
    });
    expect(found.map((i) => i.path)).toEqual([
      "gatway",
      "gateway.port",
      "gateway.auth.mode",
      "logging.level",
    ]);
  });

  it("formats an issue on one line", () => {
    const [first] = issues({ gateway: { auth: { mode: "tok" } } });
    expect(first && formatConfigIssue(first)).toBe(
      'gateway.auth.mode "tok" is not one of "token", "password", "none" — did you mean "token"?',
    );
  });
});

describe("cross-field rules", () => {
  const cases: {
    name: string;
    document: unknown;
    known?: string[];
    open?: string[];
    expected: { path: string; message: RegExp; hint?: RegExp }[];
  }[] = [
    {
      name: "duplicate agent ids",
      document: { agents: { list: [{ id: "a" }, { id: "b" }, { id: "a" }] } },
      expected: [{ path: "agents.list[2].id", message: /duplicates agents\.list\[0\]\.id/ }],
    },
    {
      name: "two default agents",
      document: {
        agents: {
          list: [
            { id: "a", default: true },
            { id: "b", default: true },
          ],
        },
      },
      expected: [
        { path: "agents.list[1].default", message: /second default agent .*"a" is already default/ },
      ],
    },
    {
      name: "model ref without provider",
      document: { agents: { defaults: { model: "claude-opus-4-6" } } },
      expected: [
        { path: "agents.defaults.model", message: /neither a "provider\/model" reference nor an alias/ },
      ],
    },
    {
      name: "alias is accepted",
      document: {
        agents: { defaults: { model: "opus", models: { "anthropic/claude-opus-4-6": { alias: "opus" } } } },
      },
      expected: [],
    },
    {
      name: "unknown model with the catalog → closest model",
      document: { agents: { list: [{ id: "a" }, { id: "b", model: "anthropic/claude-opsu-4-6" }] } },
      known: ["anthropic/claude-opus-4-6", "anthropic/claude-sonnet-4-5", "openai/gpt-4o"],
      expected: [
        {
          path: "agents.list[1].model",
          message: /is not a known model/,
          hint: /did you mean "anthropic\/claude-opus-4-6"\? run `claw models list`/,
        },
      ],
    },
    {
      name: "fallbacks are checked too; custom provider models count as known",
      document: {
        agents: { defaults: { model: { primary: "local/llama3", fallbacks: ["openai/gpt-4"] } } },
        models: { providers: { local: { baseUrl: "http://127.0.0.1:11434", models: [{ id: "llama3" }] } } },
      },
      known: ["openai/gpt-4o"],
      expected: [
        { path: "agents.defaults.model.fallbacks[0]", message: /not a known model/, hint: /gpt-4o/ },
      ],
    },
    {
      name: "any model of an open provider (Ollama) is known; a typo in a catalog provider is not",
      document: {
        agents: {
          defaults: { model: { primary: "ollama/qwen3:8b", fallbacks: ["anthropic/claude-opsu-4-6"] } },
        },
      },
      known: ["anthropic/claude-opus-4-6"],
      open: ["ollama"],
      expected: [
        {
          path: "agents.defaults.model.fallbacks[0]",
          message: /not a known model/,
          hint: /did you mean "anthropic\/claude-opus-4-6"/,
        },
      ],
    },
    {
      name: "binding to an unknown agent",
      document: {
        agents: { list: [{ id: "main" }, { id: "work" }] },
        bindings: [{ agentId: "wrok", match: { channel: "telegram" } }],
      },
      expected: [
        { path: "bindings[0].agentId", message: /does not name an agent/, hint: /did you mean "work"/ },
      ],
    },
    {
      name: "auth order naming a missing or foreign profile",
      document: {
        auth: {
          profiles: { main: { provider: "anthropic" }, oa: { provider: "openai" } },
          order: { anthropic: ["main", "backup", "oa"] },
        },
      },
      expected: [
        { path: "auth.order.anthropic[1]", message: /does not name a profile/ },
        { path: "auth.order.anthropic[2]", message: /is a profile for provider "openai"/ },
      ],
    },
    {
      name: "password mode without password",
      document: { gateway: { auth: { mode: "password" } } },
      expected: [{ path: "gateway.auth.password", message: /is required when/ }],
    },
    {
      name: "no auth on a non-loopback bind",
      document: { gateway: { bind: "lan", auth: { mode: "none" } } },
      expected: [{ path: "gateway.auth.mode", message: /only allowed with gateway.bind "loopback"/ }],
    },
    {
      name: "no auth on loopback without the written acknowledgement",
      document: { gateway: { auth: { mode: "none" } } },
      expected: [
        { path: "gateway.auth.mode", message: /turns off every check/, hint: /dangerouslyAllowNoAuth: true/ },
      ],
    },
    {
      name: "no auth on loopback, acknowledged",
      document: { gateway: { auth: { mode: "none", dangerouslyAllowNoAuth: true } } },
      expected: [],
    },
  ];
  it.each(cases)("$name", ({ document, known, open, expected }) => {
    const found = issues(document, known, open);
    expect(found.map((i) => i.path)).toEqual(expected.map((e) => e.path));
    expected.forEach((want, i) => {
      expect(found[i]?.message).toMatch(want.message);
      if (want.hint) expect(found[i]?.hint).toMatch(want.hint);
    });
  });
});

describe("schemaAtPath", () => {
  it.each([
    { path: ["gateway", "port"], ok: true },
    { path: ["agents", "list", 0, "model", "primary"], ok: true },
    { path: ["models", "providers", "anything", "baseUrl"], ok: true },
    { path: ["gateway", "prot"], ok: false, hint: 'did you mean "port"?' },
    { path: ["gateway", 0], ok: false },
  ])("$path", async ({ path, ok, hint }) => {
    const { schemaAtPath } = await import("./schema-at-path.js");
    const found = schemaAtPath(path);
    expect(found.ok).toBe(ok);
    if (!found.ok && hint) expect(found.hint).toBe(hint);
  });
});

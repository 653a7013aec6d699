import { describe, expect, it } from "vitest";
import { CORE_TOOL_IDS } from "../catalog-view.js";
import type { ToolPolicyOptions } from "../types.js";
import { compileToolPolicy } from "./compile.js";

const OWNER = { sender: { isOwner: true } } as const;
const run = (options: ToolPolicyOptions, tools: readonly string[]) =>
  compileToolPolicy({ ...OWNER, ...options }).resolve(tools);

describe("the reference worked example (agents-spec §10.4)", () => {
  it("coding + alsoAllow memory_search + deny apply_patch + agent deny exec", () => {
    const tools = ["read", "write", "edit", "apply_patch", "exec", "process", "web_search", "memory_search"];
    const options: ToolPolicyOptions = {
      global: { profile: "coding", alsoAllow: ["memory_search"], deny: ["apply_patch"] },
      agent: { id: "safe-agent", deny: ["exec"] },
    };
    expect(run(options, tools)).toEqual(["read", "write", "edit", "process", "web_search", "memory_search"]);
  });

  it("without alsoAllow the profile removes memory_search", () => {
    expect(run({ global: { profile: "coding" } }, ["read", "memory_search"])).toEqual(["read"]);
  });
});

describe("profile layer", () => {
  it.each([
    [
      "minimal",
      ["read", "write", "edit", "exec", "grep", "find", "ls", "web_search"],
      ["read", "write", "edit", "grep", "find", "ls"],
    ],
    ["coding", ["read", "apply_patch", "exec", "message", "cron"], ["read", "apply_patch", "exec"]],
    ["messaging", ["read", "exec", "message", "cron"], ["read", "message", "cron"]],
    ["full", CORE_TOOL_IDS, CORE_TOOL_IDS],
    ["full", ["plugin_tool"], ["plugin_tool"]],
  ] as const)("%s", (profile, tools, expected) => {
    expect(run({ global: { profile } }, tools)).toEqual(expected);
  });

  it("minimal does not gain apply_patch through write (profile tables are exact)", () => {
    expect(run({ global: { profile: "minimal" } }, ["write", "apply_patch"])).toEqual(["write"]);
  });

  it("the agent's profile replaces the global one", () => {
    const options: ToolPolicyOptions = {
      global: { profile: "minimal" },
      agent: { id: "a", profile: "coding" },
    };
    expect(run(options, ["read", "exec"])).toEqual(["read", "exec"]);
  });

  it("alsoAllow from the global and the agent both join the profile", () => {
    const options: ToolPolicyOptions = {
      global: { profile: "minimal", alsoAllow: ["exec"] },
      agent: { id: "a", alsoAllow: ["group:web"] },
    };
    expect(run(options, ["read", "exec", "web_fetch", "message"])).toEqual(["read", "exec", "web_fetch"]);
  });

  it("alsoAllow on a full profile is irrelevant", () => {
    expect(run({ global: { profile: "full", alsoAllow: ["exec"] } }, ["read", "exec"])).toEqual([
      "read",
      "exec",
    ]);
  });

  it("an unknown profile is an actionable error", () => {
    const bad = { global: { profile: "codng" } } as unknown as ToolPolicyOptions;
    expect(() => compileToolPolicy(bad)).toThrow(
      /tools\.profile "codng" is not a tool profile — use one of minimal/,
    );
  });
});

describe("provider layers", () => {
  const tools = ["read", "write", "exec", "web_search"];
  it.each<[string, ToolPolicyOptions, string[]]>([
    ["provider profile", { global: { byProvider: { openai: { profile: "minimal" } } } }, ["read", "write"]],
    [
      "provider profile keeps alsoAllow",
      { global: { alsoAllow: ["exec"], byProvider: { openai: { profile: "minimal" } } } },
      ["read", "write", "exec"],
    ],
    [
      "agent provider profile wins",
      {
        global: { byProvider: { openai: { profile: "minimal" } } },
        agent: { id: "a", byProvider: { openai: { profile: "coding" } } },
      },
      ["read", "write", "exec", "web_search"],
    ],
    [
      "global per-provider deny",
      { global: { byProvider: { openai: { deny: ["exec"] } } } },
      ["read", "write", "web_search"],
    ],
    ["global per-provider allow", { global: { byProvider: { openai: { allow: ["read"] } } } }, ["read"]],
    [
      "agent per-provider deny",
      { agent: { id: "a", byProvider: { openai: { deny: ["write"] } } } },
      ["read", "exec", "web_search"],
    ],
    ["other provider ignored", { global: { byProvider: { anthropic: { deny: ["exec"] } } } }, tools],
    [
      "provider/model beats provider",
      { global: { byProvider: { openai: { deny: ["exec"] }, "openai/gpt-4o": { deny: ["read"] } } } },
      ["write", "exec", "web_search"],
    ],
    [
      "keys are case-insensitive",
      { global: { byProvider: { OpenAI: { deny: ["exec"] } } } },
      ["read", "write", "web_search"],
    ],
  ])("%s", (_, options, expected) => {
    expect(run({ ...options, model: { provider: "openai", id: "gpt-4o" } }, tools)).toEqual(expected);
  });

  it("without a model, byProvider is not consulted", () => {
    expect(run({ global: { byProvider: { openai: { deny: ["exec"] } } } }, tools)).toEqual(tools);
  });
});

describe("allow/deny layers", () => {
  const tools = [
    "read",
    "write",
    "edit",
    "apply_patch",
    "exec",
    "process",
    "gateway",
    "sessions_list",
    "sessions_spawn",
  ];
  it.each<[string, ToolPolicyOptions, string[]]>([
    [
      "global allow * deny gateway",
      { global: { allow: ["*"], deny: ["gateway"] } },
      tools.filter((t) => t !== "gateway"),
    ],
    [
      "deny group:runtime",
      { global: { deny: ["group:runtime"] } },
      tools.filter((t) => t !== "exec" && t !== "process"),
    ],
    ["allow group:fs", { global: { allow: ["group:fs"] } }, ["read", "write", "edit", "apply_patch"]],
    ["allow + alsoAllow", { global: { allow: ["read"], alsoAllow: ["exec"] } }, ["read", "exec"]],
    ["deny glob", { global: { deny: ["sessions_*"] } }, tools.filter((t) => !t.startsWith("sessions_"))],
    ["allow glob", { agent: { id: "a", allow: ["sessions_*"] } }, ["sessions_list", "sessions_spawn"]],
    ["deny alias bash", { agent: { id: "a", deny: ["bash"] } }, tools.filter((t) => t !== "exec")],
    [
      "allow write brings apply_patch",
      { agent: { id: "a", allow: ["read", "write"] } },
      ["read", "write", "apply_patch"],
    ],
    [
      "deny write takes apply_patch",
      { global: { deny: ["write"] } },
      tools.filter((t) => t !== "write" && t !== "apply_patch"),
    ],
    [
      "deny write, allow apply_patch: deny wins",
      { global: { allow: ["apply_patch", "write"], deny: ["write"] } },
      [],
    ],
    [
      "group policy",
      {
        group: { source: "channels.telegram.groups[-1001234567890].tools", allow: ["read", "write", "grep"] },
      },
      ["read", "write", "apply_patch"],
    ],
    [
      "sandbox policy",
      { sandbox: { deny: ["gateway", "exec"] } },
      tools.filter((t) => t !== "gateway" && t !== "exec"),
    ],
    ["deny *", { global: { deny: ["*"] } }, []],
  ])("%s", (_, options, expected) => {
    expect(run(options, tools)).toEqual(expected);
  });
});

describe("contradictions: deny always wins, layers only remove", () => {
  const tools = ["read", "exec"];
  it.each<[string, ToolPolicyOptions, string[]]>([
    [
      "global allow exec, agent deny exec",
      { global: { allow: ["exec", "read"] }, agent: { id: "a", deny: ["exec"] } },
      ["read"],
    ],
    [
      "global deny exec, agent allow exec",
      { global: { deny: ["exec"] }, agent: { id: "a", allow: ["exec", "read"] } },
      ["read"],
    ],
    ["same step allows and denies", { global: { allow: ["exec", "read"], deny: ["exec"] } }, ["read"]],
    [
      "alsoAllow cannot beat deny",
      { global: { profile: "minimal", alsoAllow: ["exec"], deny: ["exec"] } },
      ["read"],
    ],
    [
      "agent alsoAllow cannot re-add what global allow removed",
      { global: { allow: ["read"] }, agent: { id: "a", alsoAllow: ["exec"] } },
      ["read"],
    ],
    [
      "sandbox allow cannot re-add profile removals",
      { global: { profile: "minimal" }, sandbox: { allow: ["exec", "read"] } },
      ["read"],
    ],
    [
      "disjoint allow lists remove everything",
      { global: { allow: ["read"] }, agent: { id: "a", allow: ["exec"] } },
      [],
    ],
  ])("%s", (_, options, expected) => {
    expect(run(options, tools)).toEqual(expected);
  });
});

describe("empty lists", () => {
  it.each<[string, ToolPolicyOptions]>([
    ["empty allow = no restriction", { global: { allow: [] } }],
    ["empty deny", { global: { deny: [] } }],
    ["empty alsoAllow", { global: { alsoAllow: [] } }],
    ["undefined policies", { global: undefined, agent: undefined, group: undefined, sandbox: undefined }],
    ["alsoAllow without allow or profile", { agent: { id: "a", alsoAllow: ["exec"] } }],
  ])("%s keeps everything", (_, options) => {
    expect(run(options, ["read", "exec"])).toEqual(["read", "exec"]);
  });

  it("an empty tool list resolves to []", () => {
    expect(run({ global: { profile: "coding" } }, [])).toEqual([]);
  });
});

describe("resolve and allows", () => {
  it("keeps input order and unknown plugin tools unless a rule removes them", () => {
    expect(run({ global: { deny: ["exec"] } }, ["zeta_plugin", "exec", "read"])).toEqual([
      "zeta_plugin",
      "read",
    ]);
  });

  it("is stable across calls (memoized per tool)", () => {
    const policy = compileToolPolicy({ ...OWNER, global: { profile: "coding" } });
    const first = policy.resolve(CORE_TOOL_IDS);
    expect(policy.resolve(CORE_TOOL_IDS)).toEqual(first);
    expect(policy.allows("exec")).toBe(true);
    expect(policy.allows("cron")).toBe(false);
  });

  it("matches tool names case-insensitively and through aliases", () => {
    expect(run({ global: { deny: ["exec"] } }, ["Exec", "bash", "read"])).toEqual(["read"]);
  });

  it("lists every layer in order, inactive ones included", () => {
    expect(compileToolPolicy({}).steps.map((s) => s.layer)).toEqual([
      "channel",
      "model",
      "owner",
      "profile",
      "provider-profile",
      "global",
      "global-provider",
      "agent",
      "agent-provider",
      "group",
      "sandbox",
      "subagent",
    ]);
  });
});

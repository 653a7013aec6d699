import { describe, expect, it } from "vitest";
import { explainToolPolicy, formatToolPolicyExplanation, formatToolVerdict } from "./explain.js";
import { compileToolPolicy } from "./pipeline/compile.js";
import { PLUGIN_TOOLS } from "./plugin-tools.fixture.js";
import type { ToolPolicyOptions } from "./types.js";

const WORKED: ToolPolicyOptions = {
  global: { profile: "coding", alsoAllow: ["memory_search"], deny: ["apply_patch"] },
  agent: { id: "safe-agent", deny: ["exec"] },
  sender: { isOwner: true },
};
const TOOLS = [
  "read",
  "write",
  "edit",
  "apply_patch",
  "exec",
  "process",
  "web_search",
  "memory_search",
  "message",
];

describe("explainToolPolicy", () => {
  const explanation = explainToolPolicy(WORKED, TOOLS);
  const line = (tool: string) => formatToolVerdict(explanation.verdicts.find((v) => v.tool === tool)!);

  it("agrees with resolve", () => {
    expect(explanation.tools).toEqual(compileToolPolicy(WORKED).resolve(TOOLS));
  });

  it.each([
    ["read", "read: kept"],
    ["memory_search", "memory_search: kept"],
    ["exec", 'exec: removed by agents.list[safe-agent].tools.deny ("exec")'],
    ["apply_patch", 'apply_patch: removed by tools.deny ("apply_patch")'],
    ["message", 'message: removed by tools.profile "coding" + alsoAllow (not allowed)'],
  ])("%s", (tool, text) => {
    expect(line(tool)).toBe(text);
  });

  it("names the layer and kind of each removal", () => {
    const exec = explanation.verdicts.find((v) => v.tool === "exec");
    expect(exec?.removedBy).toMatchObject({ layer: "agent", kind: "deny", entry: "exec" });
    const message = explanation.verdicts.find((v) => v.tool === "message");
    expect(message?.removedBy).toMatchObject({ layer: "profile", kind: "not-allowed" });
  });

  it.each<[string, ToolPolicyOptions, string, string]>([
    [
      "group entry",
      { global: { deny: ["group:runtime"] } },
      "process",
      'process: removed by tools.deny ("group:runtime")',
    ],
    [
      "glob entry",
      { global: { deny: ["sessions_*"] } },
      "sessions_list",
      'sessions_list: removed by tools.deny ("sessions_*")',
    ],
    ["alias entry", { global: { deny: ["bash"] } }, "exec", 'exec: removed by tools.deny ("bash")'],
    [
      "apply_patch follows write",
      { global: { deny: ["write"] } },
      "apply_patch",
      'apply_patch: removed by tools.deny ("write", apply_patch follows write)',
    ],
    [
      "owner-only",
      { sender: { isOwner: false } },
      "gateway",
      'gateway: removed by owner-only tools ("gateway") — sender is not an owner',
    ],
    [
      "unknown sender",
      { sender: undefined },
      "cron",
      'cron: removed by owner-only tools ("cron") — sender is unknown, so not an owner',
    ],
    [
      "subagent",
      { subagent: { depth: 1 } },
      "sessions_spawn",
      'sessions_spawn: removed by subagent depth 1 (maxSpawnDepth 1) ("sessions_spawn") — depth ≥ maxSpawnDepth',
    ],
    [
      "channel",
      { channel: { id: "telegram", capabilities: [] } },
      "canvas",
      'canvas: removed by channel "telegram" ("canvas") — needs capability "canvas"',
    ],
    [
      "model",
      { model: { provider: "openai", id: "o1", unsupportedTools: ["image"] } },
      "image",
      'image: removed by model "openai/o1" ("image") — unsupported by this model',
    ],
    [
      "provider deny",
      { model: { provider: "openai" }, agent: { id: "a", byProvider: { openai: { deny: ["exec"] } } } },
      "exec",
      'exec: removed by agents.list[a].tools.byProvider.openai.deny ("exec")',
    ],
    [
      "provider/model key",
      {
        model: { provider: "openai", id: "gpt-4o" },
        global: { byProvider: { "openai/gpt-4o": { allow: ["read"] } } },
      },
      "exec",
      'exec: removed by tools.byProvider["openai/gpt-4o"].allow (not allowed)',
    ],
    [
      "group source",
      { group: { source: "channels.telegram.groups[-100].tools", deny: ["exec"] } },
      "exec",
      'exec: removed by channels.telegram.groups[-100].tools.deny ("exec")',
    ],
    [
      "sandbox default source",
      { sandbox: { deny: ["exec"] } },
      "exec",
      'exec: removed by sandbox.tools.deny ("exec")',
    ],
    [
      "subagent tools",
      { subagent: { depth: 1, tools: { deny: ["exec"] } } },
      "exec",
      'exec: removed by tools.subagents.tools.deny ("exec")',
    ],
  ])("%s", (_, options, tool, text) => {
    const verdict = explainToolPolicy({ sender: { isOwner: true }, extraTools: PLUGIN_TOOLS, ...options }, [
      tool,
    ]).verdicts[0]!;
    expect(formatToolVerdict(verdict)).toBe(text);
  });

  it("lists later removers too", () => {
    const options: ToolPolicyOptions = {
      sender: { isOwner: true },
      global: { deny: ["exec"] },
      sandbox: { deny: ["exec"] },
    };
    const [verdict] = explainToolPolicy(options, ["exec"]).verdicts;
    expect(verdict?.alsoRemovedBy.map((r) => r.layer)).toEqual(["sandbox"]);
    expect(formatToolVerdict(verdict!)).toBe(
      'exec: removed by tools.deny ("exec"); also sandbox.tools.deny ("exec")',
    );
  });

  it("reports steps with their activity", () => {
    const steps = explainToolPolicy(WORKED, TOOLS).steps;
    expect(steps.filter((s) => s.active).map((s) => s.label)).toEqual([
      'tools.profile "coding" + alsoAllow',
      "tools",
      "agents.list[safe-agent].tools",
    ]);
  });

  it("formats verdicts then warnings", () => {
    const text = formatToolPolicyExplanation(
      explainToolPolicy({ sender: { isOwner: true }, global: { deny: ["exce"] } }, ["read"]),
    );
    expect(text).toBe('read: kept\nwarning: tools.deny: unknown tool "exce" (did you mean "exec"?)');
  });
});

import { describe, expect, it } from "vitest";
import { compileToolPolicy } from "./compile.js";
import { subagentDenyEntries } from "./subagent.js";

const TOOLS = ["read", "gateway", "sessions_spawn", "cron", "message", "sessions_list"];
const resolve = (depth: number, maxSpawnDepth?: number) =>
  compileToolPolicy({ sender: { isOwner: true }, subagent: { depth, maxSpawnDepth } }).resolve(TOOLS);

describe("subagent policy by depth", () => {
  it.each([
    // depth, maxSpawnDepth, kept
    [0, 1, TOOLS],
    [1, 1, ["read", "cron", "message", "sessions_list"]],
    [2, 1, ["read", "sessions_list"]],
    [3, 1, ["read", "sessions_list"]],
    [0, 2, TOOLS],
    [1, 2, ["read", "sessions_spawn", "cron", "message", "sessions_list"]],
    [2, 2, ["read", "sessions_list"]],
    [3, 2, ["read", "sessions_list"]],
    [2, 3, ["read", "sessions_spawn", "sessions_list"]],
    [1, undefined, ["read", "cron", "message", "sessions_list"]],
  ])("depth %i, maxSpawnDepth %s", (depth, max, expected) => {
    expect(resolve(depth, max)).toEqual(expected);
  });

  it("reference case: depth 1 on [read, gateway, sessions_spawn, cron, message]", () => {
    const policy = compileToolPolicy({ sender: { isOwner: true }, subagent: { depth: 1 } });
    expect(policy.resolve(["read", "gateway", "sessions_spawn", "cron", "message"])).toEqual([
      "read",
      "cron",
      "message",
    ]);
  });

  it("tools.subagents.tools applies to subagents only", () => {
    const tools = { allow: ["read", "exec"], deny: ["exec"] };
    const at = (depth: number) =>
      compileToolPolicy({ sender: { isOwner: true }, subagent: { depth, tools } }).resolve([
        "read",
        "exec",
        "write",
      ]);
    expect(at(0)).toEqual(["read", "exec", "write"]);
    expect(at(1)).toEqual(["read"]);
  });

  it.each([
    [-1, 1, /subagent\.depth -1 must be an integer ≥ 0/],
    [1.5, 1, /subagent\.depth 1\.5/],
    [1, 0, /maxSpawnDepth 0 must be an integer ≥ 1/],
  ])("rejects depth %s / maxSpawnDepth %s", (depth, max, message) => {
    expect(() => subagentDenyEntries(depth, max)).toThrow(message);
  });

  it("labels each built-in entry with its reason", () => {
    expect(subagentDenyEntries(2, 1).map((e) => [e.entry, e.note])).toEqual([
      ["gateway", "subagents never manage the gateway"],
      ["sessions_spawn", "depth ≥ maxSpawnDepth"],
      ["cron", "depth ≥ 2"],
      ["message", "depth ≥ 2"],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { ToolPolicyOptions } from "../types.js";
import { compileToolPolicy } from "./compile.js";

const warningsOf = (options: ToolPolicyOptions) => compileToolPolicy(options).warnings;

describe("warnings", () => {
  it.each<[string, ToolPolicyOptions, string, string]>([
    [
      "unknown tool in allow",
      { global: { allow: ["read", "reed"] } },
      "unknown-tool",
      'tools.allow: unknown tool "reed" (did you mean "read"?)',
    ],
    [
      "unknown tool in deny",
      { agent: { id: "a", deny: ["exce"] } },
      "unknown-tool",
      'agents.list[a].tools.deny: unknown tool "exce" (did you mean "exec"?)',
    ],
    [
      "unknown tool without suggestion",
      { global: { deny: ["zzzzzz"] } },
      "unknown-tool",
      'tools.deny: unknown tool "zzzzzz"',
    ],
    [
      "unknown tool in alsoAllow",
      { global: { profile: "coding", alsoAllow: ["memory_serch"] } },
      "unknown-tool",
      'tools.alsoAllow: unknown tool "memory_serch" (did you mean "memory_search"?)',
    ],
    [
      "unknown group",
      { global: { allow: ["read", "group:fss"] } },
      "unknown-group",
      'tools.allow: unknown group "group:fss" (did you mean "group:fs"?)',
    ],
    [
      "glob matching nothing",
      { global: { deny: ["foo_*"] } },
      "glob-matches-nothing",
      'tools.deny: pattern "foo_*" matches no known tool',
    ],
    [
      "empty allow",
      { global: { allow: [] } },
      "empty-allow",
      'tools.allow is empty, so it does not restrict anything; to remove every tool use deny: ["*"]',
    ],
    [
      "allow naming nothing known",
      { sandbox: { allow: ["nope_tool"] } },
      "allow-matches-nothing",
      "sandbox.tools.allow names no known tool, so this layer removes every tool",
    ],
    [
      "allow and deny the same tool",
      { global: { allow: ["exec", "read"], deny: ["bash"] } },
      "allow-deny-conflict",
      'tools.allow allows "exec" but tools.deny denies it ("bash"); deny wins',
    ],
    [
      "unknown tool in a provider list",
      { global: { byProvider: { openai: { allow: [] } } } },
      "empty-allow",
      'tools.byProvider.openai.allow is empty, so it does not restrict anything; to remove every tool use deny: ["*"]',
    ],
  ])("%s", (_, options, code, message) => {
    expect(warningsOf(options)).toContainEqual(expect.objectContaining({ code, message }));
  });

  it.each<[string, ToolPolicyOptions]>([
    [
      "known names, groups, globs and aliases",
      { global: { allow: ["read", "group:fs", "sessions_*", "bash", "*"] } },
    ],
    [
      "plugin tools declared in knownTools",
      { knownTools: ["lobster"], global: { allow: ["lobster", "read"] } },
    ],
    [
      "plugin groups",
      { groups: { "group:lobster": ["lobster_send"] }, global: { allow: ["group:lobster", "lobster_send"] } },
    ],
    ["profiles alone", { global: { profile: "coding" }, agent: { id: "a", profile: "minimal" } }],
    ["subagent defaults", { subagent: { depth: 3 } }],
  ])("none for %s", (_, options) => {
    expect(warningsOf(options)).toEqual([]);
  });

  it("never changes the resolution (warnings, not drops)", () => {
    const options: ToolPolicyOptions = { sender: { isOwner: true }, global: { deny: ["reed", "exec"] } };
    expect(compileToolPolicy(options).resolve(["read", "exec"])).toEqual(["read"]);
  });

  it("reports each problem once", () => {
    const w = warningsOf({ global: { deny: ["reed", "reed"] } });
    expect(w.filter((x) => x.code === "unknown-tool")).toHaveLength(1);
  });
});

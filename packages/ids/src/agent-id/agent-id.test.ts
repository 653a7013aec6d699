import { describe, expect, it } from "vitest";
import { DEFAULT_AGENT_ID, resolveAgentIdAlias } from "./agent-id.js";

describe("resolveAgentIdAlias", () => {
  it.each([
    ["exact id", "research", ["main", "research"], "main", "research"],
    ["case-insensitive", "Research", ["main", "research"], "main", "research"],
    ["main names a default agent called default", "main", ["default", "research"], "default", "default"],
    ["default names a default agent called main", "default", ["main"], "main", "main"],
    ["main names whichever agent is default", "main", ["ops", "research"], "research", "research"],
    ["an agent really called main wins over the alias", "main", ["main", "ops"], "ops", "main"],
    ["unknown id", "nope", ["main"], "main", undefined],
    ["blank id", "  ", ["main"], "main", undefined],
    ["alias with no such default agent", "main", ["ops"], "missing", undefined],
  ] as const)("%s", (_name, requested, ids, defaultId, expected) => {
    expect(resolveAgentIdAlias(requested, ids, defaultId)).toBe(expected);
  });

  it("uses OpenClaw's default agent id", () => {
    expect(DEFAULT_AGENT_ID).toBe("main");
  });
});

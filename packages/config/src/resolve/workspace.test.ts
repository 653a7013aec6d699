import { describe, expect, it } from "vitest";
import type { AgentsView } from "./agent-scope.js";
import { resolveAgentStateDir, resolveAgentWorkspaceDir } from "./workspace.js";

const dirs = { homeDir: "/Users/user", stateDir: "/Users/user/.claw" };
const list = [
  { id: "default", default: true },
  { id: "code-reviewer", workspace: "~/projects" },
  { id: "research" },
];

describe("resolveAgentWorkspaceDir", () => {
  const cases: { name: string; config: AgentsView | undefined; agentId: string; expected: string }[] = [
    {
      name: "explicit workspace, ~ expanded",
      config: { agents: { list } },
      agentId: "code-reviewer",
      expected: "/Users/user/projects",
    },
    {
      name: "default agent, no workspace anywhere",
      config: { agents: { list } },
      agentId: "default",
      expected: "/Users/user/.claw/workspace",
    },
    {
      name: "default agent uses agents.defaults.workspace",
      config: { agents: { defaults: { workspace: "~/ws" }, list } },
      agentId: "default",
      expected: "/Users/user/ws",
    },
    {
      name: "non-default agent ignores agents.defaults.workspace",
      config: { agents: { defaults: { workspace: "~/ws" }, list } },
      agentId: "research",
      expected: "/Users/user/.claw/workspace-research",
    },
    {
      name: "no config: the implicit default agent",
      config: undefined,
      agentId: "main",
      expected: "/Users/user/.claw/workspace",
    },
    {
      name: "no config: the old name default still means the implicit default agent",
      config: undefined,
      agentId: "default",
      expected: "/Users/user/.claw/workspace",
    },
    {
      name: "main names a listed default agent called default",
      config: { agents: { list } },
      agentId: "main",
      expected: "/Users/user/.claw/workspace",
    },
    {
      name: "no config: another id",
      config: undefined,
      agentId: "helper",
      expected: "/Users/user/.claw/workspace-helper",
    },
    {
      name: "absolute workspace kept",
      config: { agents: { list: [{ id: "a", workspace: "/srv/a" }] } },
      agentId: "a",
      expected: "/srv/a",
    },
    {
      name: "relative workspace resolves against the state dir",
      config: { agents: { list: [{ id: "a", workspace: "ws-a" }] } },
      agentId: "a",
      expected: "/Users/user/.claw/ws-a",
    },
  ];
  it.each(cases)("$name", ({ config, agentId, expected }) => {
    expect(resolveAgentWorkspaceDir(config, agentId, dirs)).toBe(expected);
  });
});

describe("resolveAgentStateDir", () => {
  it.each([
    { config: undefined, agentId: "main", expected: "/Users/user/.claw/agents/main" },
    {
      config: { agents: { list: [{ id: "a", agentDir: "~/a-state" }] } },
      agentId: "a",
      expected: "/Users/user/a-state",
    },
  ])("$agentId → $expected", ({ config, agentId, expected }) => {
    expect(resolveAgentStateDir(config, agentId, dirs)).toBe(expected);
  });
});

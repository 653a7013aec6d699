import { describe, expect, it } from "vitest";
import type { AgentsView } from "./agent-scope.js";
import { resolveAgentConfig, resolveDefaultAgentId, resolveSessionAgentIds } from "./agent-scope.js";

/** The multi-agent example from the reference (agents-spec §1.1). */
const referenceConfig: AgentsView = {
  agents: {
    defaults: {
      model: "anthropic/claude-opus-4-6",
      thinkingDefault: "low",
      tools: { profile: "full" },
      skills: ["git"],
    },
    list: [
      { id: "default", default: true, name: "Main Assistant" },
      {
        id: "code-reviewer",
        model: "anthropic/claude-sonnet-4-5",
        workspace: "~/projects",
        tools: { profile: "coding" },
      },
      { id: "research", model: "openai/gpt-4o", skills: ["web-search", "arxiv"], tools: { deny: ["exec"] } },
    ],
  },
};

describe("resolveSessionAgentIds", () => {
  const cases: { name: string; params: Parameters<typeof resolveSessionAgentIds>[0]; expected: object }[] = [
    {
      name: "session key agent segment",
      params: { sessionKey: "agent:code-reviewer:abc123", config: referenceConfig },
      expected: { defaultAgentId: "default", sessionAgentId: "code-reviewer" },
    },
    {
      name: "explicit id wins over the key",
      params: { agentId: "research", sessionKey: "agent:code-reviewer:abc", config: referenceConfig },
      expected: { defaultAgentId: "default", sessionAgentId: "research" },
    },
    {
      name: "subagent key uses its agent segment",
      params: { sessionKey: "agent:code-reviewer:subagent:abc123", config: referenceConfig },
      expected: { sessionAgentId: "code-reviewer" },
    },
    {
      name: "default: true wins over list order",
      params: { config: { agents: { list: [{ id: "a" }, { id: "b", default: true }] } } },
      expected: { defaultAgentId: "b", sessionAgentId: "b" },
    },
    {
      name: "first in list without a default flag",
      params: { config: { agents: { list: [{ id: "a" }, { id: "b" }] } } },
      expected: { defaultAgentId: "a", sessionAgentId: "a" },
    },
    {
      name: "no agents at all: OpenClaw's main",
      params: {},
      expected: { defaultAgentId: "main", sessionAgentId: "main" },
    },
    {
      name: "empty list",
      params: { config: { agents: { list: [] } } },
      expected: { defaultAgentId: "main", sessionAgentId: "main" },
    },
    {
      name: "key without agent: prefix falls to the default",
      params: {
        sessionKey: "random-key",
        config: { agents: { list: [{ id: "y" }, { id: "x", default: true }] } },
      },
      expected: { sessionAgentId: "x" },
    },
    {
      name: "empty agent segment is ignored",
      params: { sessionKey: "agent::main", config: referenceConfig },
      expected: { sessionAgentId: "default" },
    },
    {
      name: "empty explicit id is treated as absent",
      params: { agentId: "  ", sessionKey: "agent:research:main", config: referenceConfig },
      expected: { sessionAgentId: "research" },
    },
    {
      name: "ids are lower-cased",
      params: { sessionKey: "agent:Research:main", config: referenceConfig },
      expected: { sessionAgentId: "research" },
    },
    {
      name: "agent:main:main names the default agent when it is called default (older Claw configs)",
      params: { sessionKey: "agent:main:main", config: referenceConfig },
      expected: { defaultAgentId: "default", sessionAgentId: "default" },
    },
    {
      name: "--agent main names the default agent when it is called default",
      params: { agentId: "main", config: referenceConfig },
      expected: { sessionAgentId: "default" },
    },
    {
      name: "agent:default:main names the default agent when it is called main",
      params: { sessionKey: "agent:default:main" },
      expected: { defaultAgentId: "main", sessionAgentId: "main" },
    },
    {
      name: "an unknown explicit id is kept (the caller reports it)",
      params: { agentId: "nope", config: referenceConfig },
      expected: { sessionAgentId: "nope" },
    },
    {
      name: "two default: true entries → the first (validation reports the second)",
      params: {
        config: {
          agents: {
            list: [
              { id: "a", default: true },
              { id: "b", default: true },
            ],
          },
        },
      },
      expected: { defaultAgentId: "a" },
    },
  ];
  it.each(cases)("$name", ({ params, expected }) => {
    expect(resolveSessionAgentIds(params)).toMatchObject(expected);
  });

  it("resolveDefaultAgentId on undefined config", () => {
    expect(resolveDefaultAgentId(undefined)).toBe("main");
  });
});

describe("resolveAgentConfig", () => {
  const cases: { name: string; agentId: string; expected: Record<string, unknown> | undefined }[] = [
    {
      name: "agent model and tools override, thinking inherited",
      agentId: "code-reviewer",
      expected: {
        model: "anthropic/claude-sonnet-4-5",
        tools: { profile: "coding" },
        thinkingDefault: "low",
      },
    },
    {
      name: "skills inherited when the agent has none",
      agentId: "code-reviewer",
      expected: { skills: ["git"] },
    },
    {
      name: "agent skills replace defaults",
      agentId: "research",
      expected: { skills: ["web-search", "arxiv"] },
    },
    {
      name: "tools replace whole (no deep merge)",
      agentId: "research",
      expected: { tools: { deny: ["exec"] } },
    },
    {
      name: "workspace is not inherited",
      agentId: "default",
      expected: { workspace: undefined, name: "Main Assistant" },
    },
    { name: "unknown agent", agentId: "nope", expected: undefined },
  ];
  it.each(cases)("$name", ({ agentId, expected }) => {
    const resolved = resolveAgentConfig(referenceConfig, agentId);
    if (expected === undefined) expect(resolved).toBeUndefined();
    else
      for (const [key, value] of Object.entries(expected))
        expect(resolved?.[key as keyof typeof resolved]).toEqual(value);
  });
});

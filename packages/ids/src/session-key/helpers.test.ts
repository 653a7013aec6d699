import { describe, expect, it } from "vitest";
import { buildOpenAiSessionKey, scopeSessionKey } from "./build.js";
import { isSubagentSessionKey, sessionKeyAgentId, subagentDepth } from "./parse.js";

describe("session key helpers", () => {
  it("builds the OpenAI endpoint's per-user key", () => {
    expect(buildOpenAiSessionKey("Main", "alice")).toBe("agent:main:openai:alice");
    expect(() => buildOpenAiSessionKey("main", " ")).toThrow("session key: user is empty");
  });

  it.each([
    ["main", "work", "agent:main:work"],
    ["Ops", "telegram:dm:1", "agent:ops:telegram:dm:1"],
    ["main", "agent:ops:main", "agent:ops:main"],
    ["main", " Agent:ops:x ", "Agent:ops:x"],
  ])("scopeSessionKey(%j, %j) → %j", (agentId, rest, expected) => {
    expect(scopeSessionKey(agentId, rest)).toBe(expected);
  });

  it.each([
    ["agent:Ops:telegram:dm:1", "ops"],
    ["agent:main:main", "main"],
    ["cron:nightly", undefined],
    ["agent:main", undefined],
    ["main", undefined],
    [undefined, undefined],
  ])("sessionKeyAgentId(%j) → %j", (key, expected) => {
    expect(sessionKeyAgentId(key)).toBe(expected);
  });

  it.each([
    ["agent:main:subagent:1", true, 1],
    ["agent:main:subagent:1:subagent:2", true, 2],
    ["agent:main:subagent:", false, 0],
    ["agent:main:main", false, 0],
    ["x:subagent:y", false, 0],
    [undefined, false, 0],
  ])("%j: subagent %s, depth %d", (key, isSubagent, depth) => {
    expect(isSubagentSessionKey(key)).toBe(isSubagent);
    expect(subagentDepth(key)).toBe(depth);
  });
});

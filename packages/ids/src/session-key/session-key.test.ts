import { describe, expect, it } from "vitest";
import {
  buildCronSessionKey,
  buildDirectSessionKey,
  buildGroupSessionKey,
  buildHookSessionKey,
  buildMainSessionKey,
  buildSubagentSessionKey,
  type DirectKeyParams,
} from "./build.js";
import { normalizeSessionKey } from "./normalize.js";
import { isSubagentSessionKey, parseSessionKey } from "./parse.js";

const links = { alice: ["telegram:123", "discord:987"] };

describe("buildDirectSessionKey (dmScope)", () => {
  const cases: { name: string; params: DirectKeyParams; expected: string }[] = [
    {
      name: "main: whatsapp",
      params: { agentId: "main", channel: "whatsapp", peerId: "+1555" },
      expected: "agent:main:main",
    },
    {
      name: "main: telegram shares it",
      params: { agentId: "main", channel: "telegram", peerId: "1" },
      expected: "agent:main:main",
    },
    {
      name: "main with a custom mainKey",
      params: { agentId: "main", channel: "telegram", peerId: "1", mainKey: "home" },
      expected: "agent:main:home",
    },
    {
      name: "per-peer",
      params: { agentId: "main", channel: "telegram", peerId: "123", dmScope: "per-peer" },
      expected: "agent:main:dm:123",
    },
    {
      name: "per-channel-peer",
      params: { agentId: "main", channel: "telegram", peerId: "123", dmScope: "per-channel-peer" },
      expected: "agent:main:telegram:dm:123",
    },
    {
      name: "per-account-channel-peer without account → default",
      params: {
        agentId: "main",
        channel: "whatsapp",
        peerId: "+15550001",
        dmScope: "per-account-channel-peer",
      },
      expected: "agent:main:whatsapp:default:dm:+15550001",
    },
    {
      name: "per-account-channel-peer with account",
      params: {
        agentId: "main",
        channel: "whatsapp",
        accountId: "biz",
        peerId: "+1",
        dmScope: "per-account-channel-peer",
      },
      expected: "agent:main:whatsapp:biz:dm:+1",
    },
    {
      name: "identity link (telegram) per-peer",
      params: {
        agentId: "main",
        channel: "telegram",
        peerId: "123",
        dmScope: "per-peer",
        identityLinks: links,
      },
      expected: "agent:main:dm:alice",
    },
    {
      name: "identity link (discord) per-peer shares the session",
      params: {
        agentId: "main",
        channel: "discord",
        peerId: "987",
        dmScope: "per-peer",
        identityLinks: links,
      },
      expected: "agent:main:dm:alice",
    },
    {
      name: "identity link per-channel-peer",
      params: {
        agentId: "main",
        channel: "discord",
        peerId: "987",
        dmScope: "per-channel-peer",
        identityLinks: links,
      },
      expected: "agent:main:discord:dm:alice",
    },
    {
      name: "unlinked peer keeps its id",
      params: {
        agentId: "main",
        channel: "discord",
        peerId: "555",
        dmScope: "per-peer",
        identityLinks: links,
      },
      expected: "agent:main:dm:555",
    },
    {
      name: "agent id and channel lower-cased",
      params: { agentId: "Main", channel: "Telegram", peerId: "123", dmScope: "per-channel-peer" },
      expected: "agent:main:telegram:dm:123",
    },
  ];
  it.each(cases)("$name → $expected", ({ params, expected }) => {
    expect(buildDirectSessionKey(params)).toBe(expected);
  });

  it("rejects an empty peer id with a clear message", () => {
    expect(() =>
      buildDirectSessionKey({ agentId: "a", channel: "t", peerId: " ", dmScope: "per-peer" }),
    ).toThrow(/peer id is empty/);
  });
});

describe("other builders", () => {
  it.each([
    { built: buildMainSessionKey("main"), expected: "agent:main:main" },
    {
      built: buildGroupSessionKey({ agentId: "main", channel: "whatsapp", id: "120363@g.us" }),
      expected: "agent:main:whatsapp:group:120363@g.us",
    },
    {
      built: buildGroupSessionKey({
        agentId: "main",
        channel: "telegram",
        id: "-100",
        thread: { kind: "topic", id: "7" },
      }),
      expected: "agent:main:telegram:group:-100:topic:7",
    },
    {
      built: buildGroupSessionKey({ agentId: "main", channel: "slack", kind: "channel", id: "C1" }),
      expected: "agent:main:slack:channel:C1",
    },
    {
      built: buildGroupSessionKey({
        agentId: "ops",
        channel: "slack",
        kind: "channel",
        id: "C1",
        thread: { kind: "thread", id: "17.2" },
      }),
      expected: "agent:ops:slack:channel:C1:thread:17.2",
    },
    {
      built: buildSubagentSessionKey("code-reviewer", "abc123"),
      expected: "agent:code-reviewer:subagent:abc123",
    },
    { built: buildCronSessionKey("j1"), expected: "cron:j1" },
    { built: buildHookSessionKey("u-1"), expected: "hook:u-1" },
  ])("$expected", ({ built, expected }) => {
    expect(built).toBe(expected);
  });
});

describe("parseSessionKey", () => {
  it.each([
    { key: "agent:main:main", expected: { kind: "main", agentId: "main", mainKey: "main" } },
    {
      key: "agent:code-reviewer:abc123",
      expected: { kind: "main", agentId: "code-reviewer", mainKey: "abc123" },
    },
    { key: "agent:main:dm:alice", expected: { kind: "direct", agentId: "main", peerId: "alice" } },
    { key: "agent:main:telegram:dm:123", expected: { kind: "direct", channel: "telegram", peerId: "123" } },
    {
      key: "agent:main:whatsapp:default:dm:+15550001",
      expected: { kind: "direct", channel: "whatsapp", accountId: "default", peerId: "+15550001" },
    },
    {
      key: "agent:main:matrix:dm:@bob:matrix.org",
      expected: { kind: "direct", channel: "matrix", peerId: "@bob:matrix.org" },
    },
    {
      key: "agent:main:whatsapp:group:120363@g.us",
      expected: { kind: "group", channel: "whatsapp", id: "120363@g.us" },
    },
    {
      key: "agent:main:telegram:group:-100:topic:7",
      expected: { kind: "group", channel: "telegram", id: "-100", thread: { kind: "topic", id: "7" } },
    },
    {
      key: "agent:main:discord:channel:42:thread:9",
      expected: { kind: "channel", id: "42", thread: { kind: "thread", id: "9" } },
    },
    {
      key: "agent:code-reviewer:subagent:abc123",
      expected: { kind: "subagent", agentId: "code-reviewer", id: "abc123" },
    },
    { key: "cron:j1", expected: { kind: "cron", jobId: "j1" } },
    { key: "hook:5d1", expected: { kind: "hook", id: "5d1" } },
    { key: "node-mac1", expected: { kind: "node", nodeId: "mac1" } },
    { key: "random-key", expected: { kind: "other", rest: "random-key" } },
  ])("$key", ({ key, expected }) => {
    expect(parseSessionKey(key)).toMatchObject(expected);
  });

  it("empty key → undefined", () => {
    expect(parseSessionKey("  ")).toBeUndefined();
  });

  it.each([
    { key: "agent:main:subagent:1234", expected: true },
    { key: "agent:main:main", expected: false },
    { key: undefined, expected: false },
    { key: "subagent:1234", expected: false },
  ])("isSubagentSessionKey($key) → $expected", ({ key, expected }) => {
    expect(isSubagentSessionKey(key)).toBe(expected);
  });
});

describe("normalizeSessionKey (legacy forms)", () => {
  it.each([
    {
      key: "group:120363@g.us",
      context: { agentId: "main", channel: "whatsapp" },
      expected: "agent:main:whatsapp:group:120363@g.us",
    },
    {
      key: "channel:C1",
      context: { agentId: "ops", channel: "Slack" },
      expected: "agent:ops:slack:channel:C1",
    },
    {
      key: "telegram:group:-100:topic:7",
      context: { agentId: "main" },
      expected: "agent:main:telegram:group:-100:topic:7",
    },
    { key: "main", context: { agentId: "main" }, expected: "agent:main:main" },
    { key: "global", context: { agentId: "a", mainKey: "home" }, expected: "agent:a:home" },
    { key: "agent:Main", context: { agentId: "x" }, expected: "agent:main:main" },
    { key: "AGENT:Main:Telegram:dm:123", context: { agentId: "x" }, expected: "agent:main:telegram:dm:123" },
    {
      key: "subagent:abc",
      context: { agentId: "code-reviewer" },
      expected: "agent:code-reviewer:subagent:abc",
    },
    { key: " cron:j1 ", context: { agentId: "main" }, expected: "cron:j1" },
    { key: "agent:main:main", context: { agentId: "x" }, expected: "agent:main:main" },
  ])("$key → $expected", ({ key, context, expected }) => {
    expect(normalizeSessionKey(key, context)).toBe(expected);
  });

  it("a legacy group key without its channel is an error that says so", () => {
    expect(() => normalizeSessionKey("group:1", { agentId: "main" })).toThrow(/needs the channel/);
  });
});

/** The importer's pure mappings, by table: transcripts, config fitting, credentials, cron jobs, path rebasing. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findOldRoot } from "../source/paths.js";
import { toClawProfile } from "./credentials.js";
import { mapCronJobs } from "./cron-jobs.js";
import { fitToClawSchema } from "./fit-schema.js";
import { convertSession } from "./transcript.js";

describe("convertSession", () => {
  const base = { agentId: "main", sessionKey: "agent:main:main", sessionId: "s1", meta: { updatedAt: 9 } };

  it("re-links entries into one chain and points a compaction at the next kept entry when its target was dropped", () => {
    const { session, skipped } = convertSession({
      ...base,
      events: [
        { type: "session", version: 3, id: "s1", timestamp: "2026-01-01T00:00:00.000Z" },
        {
          type: "message",
          id: "m1",
          parentId: null,
          timestamp: "2026-01-01T00:00:01.000Z",
          message: { role: "user", content: "hi" },
        },
        { type: "custom", id: "x1", parentId: "m1", customType: "openclaw.cache-ttl" },
        {
          type: "message",
          id: "m2",
          parentId: "x1",
          message: { role: "user", content: "again", __openclaw: { a: 1 } },
        },
        { type: "compaction", id: "c1", parentId: "m2", summary: "s", firstKeptEntryId: "x1" },
        { type: "label", id: "l1", parentId: "c1" },
      ],
    });
    expect(skipped).toEqual({ custom: 1, label: 1 });
    expect(session.entries.map((e) => [e.id, e.parentId])).toEqual([
      ["m1", null],
      ["m2", "m1"],
      ["c1", "m2"],
    ]);
    expect(session.entries[2]).toMatchObject({ type: "compaction", firstKeptEntryId: "m2" });
    expect(session.entries[1]).toMatchObject({ message: { role: "user", content: "again" } });
    expect(JSON.stringify(session.entries)).not.toContain("__openclaw");
    expect(session.entry).toMatchObject({ createdAt: Date.parse("2026-01-01T00:00:00.000Z"), updatedAt: 9 });
  });

  it.each([
    [
      { type: "model_change", provider: "openai", modelId: "gpt-5" },
      { type: "model_change", model: "openai/gpt-5" },
    ],
    [
      { type: "thinking_level_change", thinkingLevel: "high" },
      { type: "thinking_change", thinking: "high" },
    ],
    [
      {
        type: "message",
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: "t", name: "read", arguments: { path: "a" } }],
          stopReason: "weird",
        },
      },
      {
        type: "message",
        message: {
          role: "assistant",
          stopReason: "stop",
          content: [{ type: "toolCall", id: "t", name: "read", arguments: { path: "a" } }],
        },
      },
    ],
    [
      {
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: "t",
          toolName: "read",
          content: [{ type: "text", text: "x" }],
          isError: true,
        },
      },
      { type: "message", message: { role: "toolResult", toolCallId: "t", toolName: "read", isError: true } },
    ],
  ])("maps %j", (line, expected) => {
    const { session } = convertSession({ ...base, events: [{ id: "e", timestamp: 5, ...line }] });
    expect(session.entries[0]).toMatchObject(expected);
  });
});

describe("fitToClawSchema", () => {
  it("keeps what Claw knows, drops the rest with a reason, and the result validates", () => {
    const { document, unmapped } = fitToClawSchema(
      { gateway: { port: 1234, tailscale: { mode: "off" } }, plugins: {}, session: { dmScope: "sideways" } },
      [["plugins", "no plugins"]],
    );
    expect(document).toEqual({ gateway: { port: 1234 }, session: {} });
    expect(unmapped).toEqual([
      { path: "gateway.tailscale", reason: expect.stringContaining("Claw has no such setting") },
      { path: "plugins", reason: "no plugins" },
      { path: "session.dmScope", reason: expect.stringContaining("does not accept this value") },
    ]);
  });
});

describe("toClawProfile", () => {
  it.each([
    [
      { type: "api_key", provider: "anthropic", key: "k" },
      { id: "p", provider: "anthropic", type: "api_key", apiKey: "k" },
    ],
    [
      { type: "token", provider: "anthropic", token: "t", expires: 5 },
      { id: "p", type: "oauth", accessToken: "t", expiresAt: 5 },
    ],
    [
      { type: "api_key", provider: "openai", keyRef: { source: "env" } },
      { skip: expect.stringContaining("secret reference") },
    ],
    [{ type: "magic", provider: "x" }, { skip: expect.stringContaining('"magic"') }],
  ])("%j", (credential, expected) => {
    expect(toClawProfile("p", credential)).toMatchObject(expected);
  });
});

describe("mapCronJobs", () => {
  it("keeps user jobs, and says why OpenClaw-managed or broken ones stay behind", () => {
    const { jobs, unmapped } = mapCronJobs([
      {
        id: "a",
        name: "A",
        schedule: { kind: "every", everyMs: 60_000 },
        payload: { kind: "agentTurn", message: "go", toolsAllow: ["*"] },
      },
      {
        id: "b",
        name: "B",
        declarationKey: "heartbeat:main",
        schedule: { kind: "every", everyMs: 1 },
        payload: { kind: "heartbeat" },
      },
      { id: "c", name: "C", schedule: { kind: "cron" }, payload: { kind: "agentTurn" } },
    ]);
    expect(jobs).toEqual([
      {
        id: "a",
        name: "A",
        enabled: true,
        schedule: { kind: "every", everyMs: 60_000 },
        sessionTarget: "isolated",
        payload: { kind: "agentTurn", message: "go" },
      },
    ]);
    expect(unmapped.map((u) => u.path)).toEqual(['cron job "B"', 'cron job "C"']);
  });
});

describe("findOldRoot", () => {
  it("finds where a moved folder used to be from paths that exist inside it now", () => {
    const root = mkdtempSync(join(tmpdir(), "claw-rebase-"));
    mkdirSync(join(root, "workspace-work"), { recursive: true });
    try {
      expect(findOldRoot(["/old/home/.openclaw/workspace-work", "/elsewhere/projects/bot"], root)).toBe(
        "/old/home/.openclaw",
      );
      expect(findOldRoot([join(root, "workspace-work")], root)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

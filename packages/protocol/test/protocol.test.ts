import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  AgentEvent,
  buildDeviceAuthPayload,
  ChatEvent,
  check,
  checkConnectParams,
  checkFrame,
  checkMethodParams,
  ErrorShape,
  EVENTS,
  errorShape,
  GATEWAY_EVENTS,
  GATEWAY_METHODS,
  hasScope,
  METHODS,
  protocolJsonSchema,
} from "../src/index.js";
import { openclawErrors, REF } from "./openclaw-oracle.js";

function capturedClientFrames(): unknown[] {
  const out: unknown[] = [];
  for (const line of readFileSync(`${REF}/openclaw-2026.9.6-capture-cli.jsonl`, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line) as { dir?: string; frame?: string };
    if (rec.dir === "client->gateway" && rec.frame) out.push(JSON.parse(rec.frame));
  }
  return out;
}

describe("frames", () => {
  it("accepts every client frame the OpenClaw CLI sent", () => {
    const frames = capturedClientFrames();
    expect(frames.length).toBeGreaterThan(5);
    for (const f of frames) {
      expect(checkFrame(f).ok).toBe(true);
      const req = f as { method: string; params?: unknown };
      if (req.method === "connect") expect(checkConnectParams(req.params)).toMatchObject({ ok: true });
    }
  });

  it.each([
    [{ type: "req", id: "1" }, 'missing required property "method"'],
    [{ type: "req", id: "", method: "health" }, "at /id"],
    [{ type: "req", id: "1", method: "health", extra: 1 }, 'unexpected property "extra"'],
    [{ type: "nope" }, "at /"],
  ])("rejects %j naming the problem", (frame, expected) => {
    const r = checkFrame(frame);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(expected);
  });

  it("names the bad connect field", () => {
    const r = checkConnectParams({
      minProtocol: 4,
      maxProtocol: 4,
      client: { id: "cli", version: "1", platform: "x", mode: "bogus" },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("/client/mode");
  });

  it("treats absent params as an empty object", () => {
    expect(checkMethodParams("health", undefined).ok).toBe(true);
    const bad = checkMethodParams("agent.wait", {});
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toContain('"runId"');
  });
});

describe("compatibility with OpenClaw's published definitions", () => {
  it("error shapes validate", () => {
    const e = errorShape("FORBIDDEN", "missing scope: operator.write", {
      details: { code: "MISSING_SCOPE", missingScope: "operator.write", requiredScopes: ["operator.write"] },
      retryable: false,
      retryAfterMs: 12.4,
    });
    expect(check(ErrorShape, e).ok).toBe(true);
    expect(openclawErrors("ErrorShape", e)).toBeNull();
    expect(openclawErrors("MissingScopeErrorDetails", e.details)).toBeNull();
  });

  it("agent and chat event payloads validate", () => {
    const samples: { stream: string; data: Record<string, unknown> }[] = [
      { stream: "lifecycle", data: { phase: "start", startedAt: 1 } },
      { stream: "lifecycle", data: { phase: "end", status: "ok", startedAt: 1, endedAt: 2, turns: 1 } },
      {
        stream: "lifecycle",
        data: { phase: "error", status: "aborted", startedAt: 1, endedAt: 2, error: "x" },
      },
      {
        stream: "lifecycle",
        data: { phase: "failover", type: "fallback", from: "a/b", to: "c/d", reason: "rate_limit" },
      },
      { stream: "assistant", data: { delta: "he", text: "he" } },
      { stream: "assistant", data: { kind: "thinking", delta: "hm" } },
      { stream: "tool", data: { phase: "start", name: "read", toolCallId: "t1", args: { path: "a" } } },
      { stream: "tool", data: { phase: "result", name: "read", toolCallId: "t1", isError: false } },
      { stream: "compaction", data: { phase: "end", reason: "threshold", ok: true } },
      {
        stream: "compaction",
        data: { phase: "end", reason: "manual", ok: false, skipped: "nothing to compact" },
      },
      {
        stream: "compaction",
        data: {
          phase: "prune",
          softTrimmed: 2,
          hardCleared: 1,
          charsSaved: 900,
          ratioBefore: 0.8,
          ratioAfter: 0.5,
        },
      },
      { stream: "compaction", data: { phase: "memoryFlush", status: "ok", silent: true } },
      { stream: "error", data: { message: "hook failed" } },
    ];
    for (const sample of samples) {
      const agent = { runId: "r1", seq: 0, ts: 1, ...sample };
      expect(check(AgentEvent, agent).ok, JSON.stringify(sample)).toBe(true);
      expect(openclawErrors("AgentEvent", agent)).toBeNull();
    }
    // The union is discriminated: data of another stream, or a phase a stream lacks, is refused.
    const wrong = [
      { stream: "tool", data: { phase: "start", startedAt: 1 } },
      { stream: "assistant", data: { kind: "thinking" } },
      { stream: "lifecycle", data: { phase: "failover", event: "fallback" } },
    ];
    for (const sample of wrong)
      expect(check(AgentEvent, { runId: "r1", seq: 1, ts: 1, ...sample }).ok).toBe(false);
    for (const chat of [
      { runId: "r", sessionKey: "agent:main:main", seq: 1, state: "delta", deltaText: "he" },
      { runId: "r", sessionKey: "agent:main:main", seq: 2, state: "final", message: { role: "assistant" } },
      { runId: "r", sessionKey: "agent:main:main", seq: 2, state: "error", errorMessage: "boom" },
    ]) {
      expect(check(ChatEvent, chat).ok).toBe(true);
      expect(openclawErrors("ChatEvent", chat)).toBeNull();
    }
  });
});

describe("tables", () => {
  it("lists methods and events from the same table", () => {
    expect(GATEWAY_METHODS).toEqual(Object.keys(METHODS));
    expect(GATEWAY_EVENTS).toEqual(Object.keys(EVENTS));
    expect(GATEWAY_METHODS).toContain("agent");
    for (const [name, spec] of Object.entries(METHODS)) {
      if (spec.sideEffect) expect(JSON.stringify(spec.params), name).toContain("idempotencyKey");
    }
  });

  it("exports a JSON Schema identical to the committed file", () => {
    const committed = JSON.parse(readFileSync(new URL("../protocol.schema.json", import.meta.url), "utf8"));
    expect(committed).toEqual(protocolJsonSchema());
  });
});

describe("scopes", () => {
  it.each([
    [["operator.read"], "operator.read", true],
    [["operator.read"], "operator.write", false],
    [["operator.write"], "operator.read", true],
    [["operator.admin"], "operator.pairing", true],
    [["operator.pairing"], "operator.admin", false],
    [[], "operator.read", false],
  ] as const)("%j grants %s: %s", (granted, required, expected) => {
    expect(hasScope(granted, required)).toBe(expected);
  });
});

describe("device auth payload", () => {
  it("matches OpenClaw's v3 layout", () => {
    const base = {
      deviceId: "abc",
      clientId: "cli",
      clientMode: "cli",
      role: "operator",
      scopes: ["operator.read", "operator.write"],
      signedAtMs: 1700000000000,
      token: "tok",
      nonce: "n-1",
      platform: " Linux ",
      deviceFamily: "Desktop",
    };
    expect(buildDeviceAuthPayload(base)).toBe(
      "v3|abc|cli|cli|operator|operator.read,operator.write|1700000000000|tok|n-1|linux|desktop",
    );
    expect(buildDeviceAuthPayload({ ...base, token: null }, "v2")).toBe(
      "v2|abc|cli|cli|operator|operator.read,operator.write|1700000000000||n-1",
    );
  });
});

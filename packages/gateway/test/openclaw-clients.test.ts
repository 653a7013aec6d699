/**
 * The methods OpenClaw's CLI and TUI call in everyday use (`openclaw agent`, `openclaw tui`):
 * agents.list, sessions.subscribe/unsubscribe with `sessions.changed`, sessions.describe,
 * commands.list and the `agent` final's `result.payloads`, checked against OpenClaw's schema.
 */
import { check, METHODS, type MethodName } from "@claw/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected, type Frame, nextId, type RawClient } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { openclawErrors, validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle;
let admin: RawClient;
beforeAll(async () => {
  ({ gw } = await startTestGateway());
  ({ c: admin } = await connected(gw.url, { auth: { token: TOKEN } }));
});
afterAll(() => gw.close());

function payloadOf(method: MethodName, res: Frame): Record<string, unknown> {
  expect(res.ok, JSON.stringify(res.error)).toBe(true);
  const ours = check(METHODS[method].result, res.payload);
  expect(ours.ok, ours.ok ? "" : ours.message).toBe(true);
  expect(validateServerFrame(res)).toEqual([]);
  return res.payload as Record<string, unknown>;
}

const changes = (c: RawClient) =>
  c.frames.filter((f) => f.type === "event" && f.event === "sessions.changed").map((f) => f.payload);

describe("agents.list", () => {
  it("answers OpenClaw's AgentsListResult: default id, main key, scope and each agent", async () => {
    const payload = payloadOf("agents.list", await call(admin, "agents.list", {}));
    expect(openclawErrors("AgentsListResult", payload)).toBeNull();
    expect(payload).toEqual({
      defaultId: "main",
      ownership: "explicit",
      selectionRequired: false,
      mainKey: "main",
      scope: "per-sender",
      agents: [
        { id: "main", kind: "agent", model: { primary: "anthropic/claude-opus-4-6", fallbacks: [] } },
        { id: "coder", kind: "agent", name: "Coder", workspace: "/tmp/coder" },
      ],
    });
  });

  it("refuses params OpenClaw's schema refuses", async () => {
    expect(await call(admin, "agents.list", { bogus: 1 })).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST" },
    });
  });
});

describe("commands.list", () => {
  it("answers OpenClaw's CommandsListResult and filters by scope", async () => {
    const payload = payloadOf("commands.list", await call(admin, "commands.list", { agentId: "coder" }));
    expect(openclawErrors("CommandsListResult", payload)).toBeNull();
    expect(payload.commands).toEqual([
      expect.objectContaining({ name: "new", description: expect.stringContaining("coder") }),
    ]);
    const fromKey = payloadOf(
      "commands.list",
      await call(admin, "commands.list", { sessionKey: "agent:coder:main" }),
    );
    expect(fromKey.commands).toEqual([
      expect.objectContaining({ description: expect.stringContaining("coder") }),
    ]);
    const native = payloadOf("commands.list", await call(admin, "commands.list", { scope: "native" }));
    expect(native.commands).toEqual([]);
  });
});

describe("sessions.describe", () => {
  it("answers one row, or session: null for a key with no session (as OpenClaw does)", async () => {
    const params = { key: "agent:main:main" };
    expect(openclawErrors("SessionsDescribeParams", params)).toBeNull();
    const found = payloadOf("sessions.describe", await call(admin, "sessions.describe", params));
    expect(found.session).toMatchObject({ key: "agent:main:main", kind: "direct" });
    const missing = payloadOf(
      "sessions.describe",
      await call(admin, "sessions.describe", { key: "agent:main:nope" }),
    );
    expect(missing).toEqual({ session: null });
  });
});

describe("sessions.subscribe", () => {
  it("sends sessions.changed for runs and session changes to subscribers only, until unsubscribe", async () => {
    const { c: watcher } = await connected(gw.url, { auth: { token: TOKEN } });
    const { c: bystander } = await connected(gw.url, { auth: { token: TOKEN } });
    expect(payloadOf("sessions.subscribe", await call(watcher, "sessions.subscribe", {}))).toEqual({
      subscribed: true,
    });

    const ack = await call(admin, "agent", {
      message: "hi",
      sessionKey: "agent:main:sub",
      idempotencyKey: "k-sub-1",
    });
    const runId = (ack.payload as { runId: string }).runId;
    const ended = await watcher.event("sessions.changed", (p) => p.runId === runId && p.phase === "end");
    expect(ended.payload).toMatchObject({
      sessionKey: "agent:main:sub",
      phase: "end",
      ts: expect.any(Number),
    });
    expect(changes(watcher).filter((p) => (p as { runId?: string }).runId === runId)).toEqual([
      expect.objectContaining({ phase: "start" }),
      expect.objectContaining({ phase: "end" }),
    ]);

    await call(admin, "sessions.patch", { key: "agent:main:main", label: "Renamed" });
    const patched = await watcher.event("sessions.changed", (p) => p.reason === "patch");
    expect(patched.payload).toMatchObject({ sessionKey: "agent:main:main", reason: "patch" });
    for (const f of watcher.frames) expect(validateServerFrame(f)).toEqual([]);

    expect(payloadOf("sessions.unsubscribe", await call(watcher, "sessions.unsubscribe", {}))).toEqual({
      subscribed: false,
    });
    const before = changes(watcher).length;
    await call(admin, "sessions.reset", { key: "agent:main:main" });
    // A request after the reset is answered after any event the reset caused was sent.
    await call(watcher, "health", {});
    expect(changes(watcher)).toHaveLength(before);
    expect(changes(bystander)).toEqual([]);
    watcher.close();
    bystander.close();
  });

  it("with sessions.list params answers the list too", async () => {
    const { c } = await connected(gw.url, { auth: { token: TOKEN } });
    const payload = payloadOf("sessions.subscribe", await call(c, "sessions.subscribe", { limit: 5 }));
    expect(payload).toMatchObject({
      subscribed: true,
      list: { count: expect.any(Number), sessions: expect.any(Array) },
    });
    c.close();
  });

  it("errors for a failed run are phase error", async () => {
    const { c } = await connected(gw.url, { auth: { token: TOKEN } });
    await call(c, "sessions.subscribe", {});
    const id = nextId();
    admin.send({
      type: "req",
      id,
      method: "agent",
      params: { message: "fail", sessionKey: "agent:main:f", idempotencyKey: "k-sub-fail" },
    });
    const runId = ((await admin.res(id, 0)).payload as { runId: string }).runId;
    const failed = await c.event("sessions.changed", (p) => p.runId === runId && p.phase !== "start");
    expect(failed.payload).toMatchObject({ phase: "error", sessionKey: "agent:main:f" });
    c.close();
  });
});

describe("agent final result.payloads", () => {
  it("carries the reply text, which `openclaw agent --message` prints", async () => {
    const id = nextId();
    admin.send({
      type: "req",
      id,
      method: "agent",
      params: { message: "hello", idempotencyKey: "k-payloads" },
    });
    const final = await admin.res(id, 1);
    expect(payloadOf("agent", final)).toMatchObject({
      status: "ok",
      summary: "echo: hello",
      result: { payloads: [{ text: "echo: hello" }] },
    });
  });

  it("hello-ok advertises the new methods and the sessions.changed event", async () => {
    const { c, hello } = await connected(gw.url, { auth: { token: TOKEN } });
    c.close();
    const features = (hello.payload as { features: { methods: string[]; events: string[] } }).features;
    for (const m of [
      "agents.list",
      "sessions.subscribe",
      "sessions.unsubscribe",
      "sessions.describe",
      "commands.list",
    ])
      expect(features.methods).toContain(m);
    expect(features.events).toContain("sessions.changed");
  });
});

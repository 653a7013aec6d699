import { check, METHODS, type MethodName } from "@claw/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected, type Frame, nextId, type RawClient } from "./helpers/client.js";
import type { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle;
let fake: ReturnType<typeof createFakeRuntime>;
let admin: RawClient;
beforeAll(async () => {
  ({ gw, fake } = await startTestGateway());
  ({ c: admin } = await connected(gw.url, { auth: { token: TOKEN } }));
});
afterAll(() => gw.close());

function expectValidResult(method: MethodName, res: Frame) {
  expect(res.ok, JSON.stringify(res.error)).toBe(true);
  const r = check(METHODS[method].result, res.payload);
  expect(r.ok, r.ok ? "" : r.message).toBe(true);
  expect(validateServerFrame(res)).toEqual([]);
}

describe("methods answer with their declared result schema", () => {
  it.each([
    ["health", {}],
    ["status", { includeChannelSummary: false }],
    ["system-presence", undefined],
    ["chat.history", { sessionKey: "agent:main:main", limit: 5 }],
    ["sessions.list", {}],
    ["sessions.patch", { key: "agent:main:main", label: "Main" }],
    ["sessions.reset", { key: "agent:main:main" }],
    ["config.get", {}],
    ["config.patch", { raw: '{"agents":{}}' }],
    ["config.apply", { raw: '{"gateway":{}}' }],
    ["models.list", {}],
    ["tools.effective", { sessionKey: "agent:main:main" }],
    ["skills.list", {}],
    ["logs.tail", { limit: 10 }],
    ["device.pair.list", {}],
  ] as const)("%s", async (method, params) => {
    expectValidResult(method, await call(admin, method, params));
  });

  it("reports hot-applied and restart-needed config paths", async () => {
    const res = await call(admin, "config.patch", { raw: '{"gateway":{"port":1},"agents":{}}' });
    expect(res.payload).toMatchObject({ hotApplied: ["agents"], restartRequired: ["gateway"] });
    const bad = await call(admin, "config.patch", { raw: "{nope" });
    expect(bad).toMatchObject({ ok: false, error: { code: "INVALID_REQUEST" } });
  });

  it("memory.search is UNAVAILABLE until a memory backend exists", async () => {
    expect(await call(admin, "memory.search", { query: "x" })).toMatchObject({
      ok: false,
      error: { code: "UNAVAILABLE" },
    });
  });

  it("answers unknown sessions and methods with actionable errors", async () => {
    const res = await call(admin, "sessions.patch", { key: "agent:nope:main", label: "x" });
    expect(res).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "NOT_FOUND" } },
    });
    const unknown = await call(admin, "no.such.method", {});
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "UNKNOWN_METHOD" } },
    });
  });

  it("names the invalid field", async () => {
    const res = await call(admin, "chat.history", { sessionKey: "" });
    expect(res).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { path: "/sessionKey" } },
    });
    expect((res.error as { message: string }).message).toContain(
      "invalid chat.history params: at /sessionKey",
    );
  });
});

describe("agent", () => {
  it("acks, streams agent and chat events, then sends the final result", async () => {
    const id = nextId();
    admin.send({
      type: "req",
      id,
      method: "agent",
      params: { message: "hello", idempotencyKey: "k-agent-1" },
    });
    const ack = await admin.res(id, 0);
    expect(ack.payload).toMatchObject({
      status: "accepted",
      runId: expect.any(String),
      acceptedAt: expect.any(Number),
    });
    const final = await admin.res(id, 1);
    expect(final.payload).toMatchObject({ status: "ok", summary: "echo: hello" });
    const runId = (ack.payload as { runId: string }).runId;
    const chatFinal = await admin.event("chat", (p) => p.runId === runId && p.state === "final");
    const agentEvents = admin.frames.filter(
      (f) => f.event === "agent" && (f.payload as { runId: string }).runId === runId,
    );
    expect(agentEvents.map((f) => (f.payload as { stream: string }).stream)).toEqual([
      "lifecycle",
      "assistant",
      "assistant",
      "lifecycle",
    ]);
    const deltas = admin.frames.filter(
      (f) =>
        f.event === "chat" &&
        (f.payload as { state: string; runId: string }).runId === runId &&
        (f.payload as { state: string }).state === "delta",
    );
    expect(deltas.map((f) => (f.payload as { deltaText: string }).deltaText).join("")).toBe("echo: hello");
    for (const f of [ack, final, chatFinal, ...agentEvents, ...deltas])
      expect(validateServerFrame(f)).toEqual([]);
    expectValidResult("agent", final);
  });

  it("coalesces a fast stream of 200 deltas into a few chat events, loses no text, ends with the final", async () => {
    const expected = Array.from({ length: 200 }, (_, i) => `t${i} `).join("");
    const ack = await call(admin, "agent", { message: "burst:200", idempotencyKey: "k-burst" });
    const runId = (ack.payload as { runId: string }).runId;
    const final = await admin.event("chat", (p) => p.runId === runId && p.state === "final");
    const chat = admin.frames.filter(
      (f) => f.event === "chat" && (f.payload as { runId: string }).runId === runId,
    );
    const deltas = chat.filter((f) => (f.payload as { state: string }).state === "delta");
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(20);
    expect(deltas.map((f) => (f.payload as { deltaText: string }).deltaText).join("")).toBe(expected);
    expect(chat.at(-1)).toBe(final);
    const runSeqs = chat.map((f) => (f.payload as { seq: number }).seq);
    expect(runSeqs).toEqual(runSeqs.map((_, i) => i + 1));
    const frameSeqs = chat.map((f) => f.seq as number);
    for (let i = 1; i < frameSeqs.length; i++)
      expect(frameSeqs[i]).toBeGreaterThan(frameSeqs[i - 1] as number);
    const assistant = admin.frames.filter(
      (f) =>
        f.event === "agent" &&
        (f.payload as { runId: string; stream: string }).runId === runId &&
        (f.payload as { stream: string }).stream === "assistant",
    );
    expect(assistant).toHaveLength(200);
    for (const f of [...deltas, final]) expect(validateServerFrame(f)).toEqual([]);
  });

  it("within one window: the first delta at once, the rest merged and flushed before the final", async () => {
    const { gw: slow } = await startTestGateway({ limits: { chatDeltaWindowMs: 60_000 } });
    try {
      const { c } = await connected(slow.url, { auth: { token: TOKEN } });
      const ack = await call(c, "agent", { message: "burst:50", idempotencyKey: "k-window" });
      const runId = (ack.payload as { runId: string }).runId;
      await c.event("chat", (p) => p.runId === runId && p.state === "final");
      const chat = c.frames
        .filter((f) => f.event === "chat")
        .map((f) => f.payload as { state: string; deltaText?: string });
      expect(chat.map((p) => p.state)).toEqual(["delta", "delta", "final"]);
      expect(chat[0]?.deltaText).toBe("t0 ");
      expect(chat[1]?.deltaText).toBe(Array.from({ length: 49 }, (_, i) => `t${i + 1} `).join(""));
      c.close();
    } finally {
      await slow.close();
    }
  });

  it("deduplicates by idempotency key: same runId, one run", async () => {
    const before = fake.runs.length;
    const [a, b] = [nextId(), nextId()];
    admin.send({ type: "req", id: a, method: "agent", params: { message: "dup", idempotencyKey: "k-dup" } });
    admin.send({ type: "req", id: b, method: "agent", params: { message: "dup", idempotencyKey: "k-dup" } });
    const [ackA, ackB] = await Promise.all([admin.res(a), admin.res(b)]);
    expect((ackA.payload as { runId: string }).runId).toBe((ackB.payload as { runId: string }).runId);
    await admin.res(b, 1);
    const c = await call(admin, "agent", { message: "dup", idempotencyKey: "k-dup" });
    expect((c.payload as { runId: string }).runId).toBe((ackA.payload as { runId: string }).runId);
    expect(fake.runs.length - before).toBe(1);
  });

  it("agent.wait reports the end, timeout, and unknown runs", async () => {
    const ack = await call(admin, "agent", { message: "gate", idempotencyKey: "k-wait" });
    const runId = (ack.payload as { runId: string }).runId;
    expect((await call(admin, "agent.wait", { runId, timeoutMs: 20 })).payload).toMatchObject({
      status: "timeout",
    });
    fake.releaseGate();
    const done = await call(admin, "agent.wait", { runId, timeoutMs: 5_000 });
    expect(done.payload).toMatchObject({
      status: "ok",
      startedAt: expect.any(Number),
      endedAt: expect.any(Number),
    });
    expect(await call(admin, "agent.wait", { runId: "nope" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST" },
    });
  });

  it("chat.send streams and chat.abort stops a hanging run", async () => {
    const sent = await call(admin, "chat.send", {
      sessionKey: "agent:main:s2",
      message: "hang",
      idempotencyKey: "k-chat-1",
    });
    expectValidResult("chat.send", sent);
    const runId = (sent.payload as { runId: string }).runId;
    const abort = await call(admin, "chat.abort", { sessionKey: "agent:main:s2" });
    expect(abort.payload).toMatchObject({ aborted: 1 });
    const ev = await admin.event("chat", (p) => p.runId === runId && p.state === "aborted");
    expect(validateServerFrame(ev)).toEqual([]);
  });
});

describe("scopes", () => {
  it("enforces the scope of each method", async () => {
    const { c: reader } = await connected(gw.url, { auth: { token: TOKEN }, scopes: ["operator.read"] });
    expectValidResult("health", await call(reader, "health"));
    for (const [method, params, scope] of [
      ["agent", { message: "x", idempotencyKey: "k-s" }, "operator.write"],
      ["config.apply", { raw: "{}" }, "operator.admin"],
      ["device.pair.list", {}, "operator.pairing"],
    ] as const) {
      const res = await call(reader, method, params);
      expect(res).toMatchObject({
        ok: false,
        error: {
          code: "FORBIDDEN",
          message: `missing scope: ${scope}`,
          details: { code: "MISSING_SCOPE", missingScope: scope },
        },
      });
      expect(validateServerFrame(res)).toEqual([]);
    }
    const { c: none } = await connected(gw.url, { auth: { token: TOKEN }, scopes: [] });
    expect(await call(none, "health")).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    reader.close();
    none.close();
  });
});

describe("events", () => {
  it("numbers events per connection without gaps and carries stateVersion on presence", async () => {
    const { c: ui } = await connected(gw.url, {
      auth: { token: TOKEN },
      client: { id: "webchat-ui", version: "1", platform: "web", mode: "ui", instanceId: "Browser-A" },
    });
    await call(admin, "agent", { message: "seq", idempotencyKey: "k-seq" });
    await ui.event("chat", (p) => p.state === "final");
    const seqs = ui.frames
      .filter((f) => f.type === "event" && f.seq !== undefined)
      .map((f) => f.seq as number);
    expect(seqs.length).toBeGreaterThan(3);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
    const presence = await admin.event("presence", (p) => JSON.stringify(p).includes("Browser-A"));
    expect(presence.stateVersion).toMatchObject({ presence: expect.any(Number), health: expect.any(Number) });
    const list = await call(admin, "system-presence");
    expect((list.payload as { instanceId?: string }[]).some((e) => e.instanceId === "Browser-A")).toBe(true);
    ui.close();
    await admin.event("presence", (p) => !JSON.stringify(p).includes("Browser-A"));
  });

  it("refreshHealth sends a health state event", async () => {
    await gw.refreshHealth();
    const ev = await admin.event("health");
    expect(ev.stateVersion).toBeDefined();
    expect(validateServerFrame(ev)).toEqual([]);
  });
});

/**
 * Permanent probe: thousands of random, mutated and oversized frames against the real gateway
 * process. It must answer every request with a well-formed frame, stay up, refuse the oversized
 * messages, and keep its memory bounded (peak and settled RSS of the process).
 */
import { randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { processMemoryMiB, startGatewayProcess } from "../soak/gateway-process.js";

const MiB = 1024 * 1024;
const children: { kill(signal: NodeJS.Signals): boolean }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

type Frame = { type?: string; id?: string; ok?: boolean; event?: string; error?: { code?: string } };

/** Wrong types, edge numbers and hostile keys for any field. */
const values: unknown[] = [
  null,
  -0,
  2 ** 53,
  -1e308,
  "",
  "\u202e",
  false,
  [[]],
  { __proto__: null },
  "z".repeat(5_000),
  { constructor: 1 },
];
const methods = [
  "health",
  "status",
  "agent",
  "agent.wait",
  "chat.send",
  "chat.history",
  "sessions.patch",
  "nope",
];
const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)] as T;

/** One fuzzed frame: garbage, a mutated request, or (1 in 50) a chat.send of 1–5 MiB. */
function fuzzFrame(i: number): string {
  const roll = randomInt(50);
  if (roll === 0)
    return JSON.stringify({
      type: "req",
      id: `big-${i}`,
      method: pick(["chat.send", "agent"]),
      params: { message: "m".repeat((1 + randomInt(5)) * MiB), idempotencyKey: `big-${i}` },
    });
  // Valid JSON only: a frame that is not JSON closes the connection (checked separately).
  if (roll < 10)
    return pick(["null", "[]", '{"type":"req"}', '"req"', "9".repeat(500), '{"type":"req","id":5}']);
  const params =
    roll < 30
      ? pick(values)
      : { [pick(["message", "runId", "key", "idempotencyKey", "sessionKey", "limit"])]: pick(values) };
  const frame: Record<string, unknown> = {
    type: pick(["req", "req", "req", "res", "REQ"]),
    id: `f-${i}`,
    method: pick(methods),
    params,
  };
  if (roll % 7 === 0) delete frame[pick(["id", "method", "params"])];
  return JSON.stringify(frame);
}

async function connect(url: string, token: string): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(url, { maxPayload: 64 * MiB });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const until = async (pred: () => boolean) => {
    while (!pred()) await new Promise<void>((r) => waiters.push(r));
  };
  await until(() => frames.some((f) => f.event === "connect.challenge"));
  ws.send(
    JSON.stringify({
      type: "req",
      id: "connect",
      method: "connect",
      params: {
        minProtocol: 3,
        maxProtocol: 4,
        client: { id: "cli", version: "0.0.1-fuzz", platform: "linux", mode: "cli" },
        role: "operator",
        scopes: ["operator.read", "operator.write"],
        auth: { token },
      },
    }),
  );
  await until(() => frames.some((f) => f.id === "connect"));
  expect(frames.find((f) => f.id === "connect")?.ok).toBe(true);
  return { ws, frames };
}

describe("protocol fuzz against the real gateway process, with an RSS bound", () => {
  it("answers 2,400 fuzzed frames (oversized messages included) and keeps its memory bounded", async () => {
    const { child, url, token } = await startGatewayProcess(mkdtempSync(join(tmpdir(), "claw-fuzz-")));
    children.push(child);
    const { ws, frames } = await connect(url, token);
    const pid = child.pid as number;
    const baseline = processMemoryMiB(pid);
    const N = 2_400;
    let bigBytes = 0;
    for (let i = 0; i < N; i++) {
      const frame = fuzzFrame(i);
      if (frame.length > MiB) bigBytes += frame.length;
      ws.send(frame);
      // Let the socket drain now and then, as a real client's writes would.
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    ws.send(JSON.stringify({ type: "req", id: "marker", method: "health", params: {} }));
    while (!frames.some((f) => f.id === "marker")) await new Promise((r) => setTimeout(r, 20));
    expect(child.exitCode).toBeNull();
    expect(ws.readyState).toBe(WebSocket.OPEN);
    for (const f of frames) expect(["res", "event"]).toContain(f.type);
    // Every oversized message was refused with a clear error; none became a run.
    const big = frames.filter((f) => f.id?.startsWith("big-"));
    expect(big.length).toBeGreaterThan(0);
    for (const f of big) {
      expect(f.ok).toBe(false);
      expect(f.error?.code).toBe("INVALID_REQUEST");
    }
    ws.close();
    // Frames that are not JSON end their connection, never the gateway.
    for (const garbage of ["", "{", "\u0000\u0001", "}{"]) {
      const raw = await connect(url, token);
      raw.ws.send(garbage);
      await new Promise((resolve) => raw.ws.once("close", resolve));
    }
    expect((await connect(url, token)).frames.some((f) => f.id === "connect")).toBe(true);
    expect(child.exitCode).toBeNull();
    if (!baseline) return; // RSS is read from /proc: Linux only.
    await new Promise((r) => setTimeout(r, 1_500));
    const after = processMemoryMiB(pid);
    expect(bigBytes).toBeGreaterThan(20 * MiB);
    // The probe that found the bug saw ~900 MB peak and 705 MB ten seconds later.
    expect(after?.peak).toBeLessThan(baseline.rss + 400);
    expect(after?.rss).toBeLessThan(baseline.rss + 250);
  }, 120_000);
});

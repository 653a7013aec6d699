import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { type Frame, RawClient } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { openclawErrors, openclawHealthErrors, REF, validateServerFrame } from "./helpers/oracle.js";

/** Client → gateway frames of each captured connection, with the redacted token restored. */
function capturedSessions(): { name: string; frames: string[] }[] {
  const fix = (f: string) =>
    f.replaceAll("<REDACTED:gateway-token>", TOKEN).replaceAll("<REDACTED:wrong-token>", "wrong-token-value");
  const byConn = new Map<string, string[]>();
  for (const line of readFileSync(`${REF}/openclaw-2026.9.6-capture-cli.jsonl`, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { session: string; conn: number; dir?: string; frame?: string };
    if (r.dir !== "client->gateway" || !r.frame) continue;
    const key = `cli:${r.session}#${r.conn}`;
    byConn.set(key, [...(byConn.get(key) ?? []), fix(r.frame)]);
  }
  const raw = JSON.parse(readFileSync(`${REF}/openclaw-2026.9.6-capture-rawclient.json`, "utf8")) as {
    name: string;
    frames: { dir: string; frame?: string }[];
  }[];
  for (const s of raw)
    byConn.set(
      `raw:${s.name}`,
      s.frames.filter((f) => f.dir === "C>G" && f.frame).map((f) => fix(f.frame as string)),
    );
  return [...byConn].map(([name, frames]) => ({ name, frames }));
}

/** The payload shape the OpenClaw CLI reads from `status`. */
function statusProblems(p: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof p.runtimeVersion !== "string") out.push("runtimeVersion");
  const hb = p.heartbeat as { defaultAgentId?: unknown; agents?: unknown } | undefined;
  if (typeof hb?.defaultAgentId !== "string" || !Array.isArray(hb.agents)) out.push("heartbeat");
  if (!Array.isArray(p.channelSummary)) out.push("channelSummary");
  const s = p.sessions as { count?: unknown; recent?: unknown; defaults?: unknown } | undefined;
  if (typeof s?.count !== "number" || !Array.isArray(s.recent) || typeof s.defaults !== "object")
    out.push("sessions");
  return out;
}

let gw: GatewayHandle;
beforeAll(async () => {
  ({ gw } = await startTestGateway({ limits: { handshakeTimeoutMs: 500 } }));
});
afterAll(() => gw.close());

describe("replay of captured OpenClaw client traffic", () => {
  const sessions = capturedSessions();
  it("has sessions to replay", () => expect(sessions.length).toBeGreaterThan(10));

  it.each(sessions.map((s) => [s.name, s.frames] as const))(
    "%s: every frame Claw sends validates",
    async (_name, frames) => {
      const c = await RawClient.open(gw.url);
      await c.challenge();
      for (const text of frames) {
        if (c.closed) break;
        c.send(text);
        let parsed: { id?: string } | undefined;
        try {
          parsed = JSON.parse(text) as { id?: string };
        } catch {
          parsed = undefined;
        }
        if (parsed?.id) await Promise.race([c.res(parsed.id), c.whenClosed()]);
        else await c.whenClosed();
      }
      c.close();
      await c.whenClosed();
      expect(c.frames.length).toBeGreaterThan(0);
      for (const f of c.frames) expect(validateServerFrame(f), JSON.stringify(f).slice(0, 200)).toEqual([]);
      for (const [i, text] of frames.entries()) {
        const req = JSON.parse(text.startsWith("{") ? text : "{}") as { id?: string; method?: string };
        const res = c.frames.find((f: Frame) => f.type === "res" && f.id === req.id);
        if (!res?.ok) continue;
        const payload = res.payload as Record<string, unknown>;
        if (req.method === "health") expect(openclawHealthErrors(payload)).toBeNull();
        if (req.method === "system-presence")
          for (const e of payload as unknown as unknown[])
            expect(openclawErrors("PresenceEntry", e)).toBeNull();
        if (req.method === "status") expect(statusProblems(payload)).toEqual([]);
        expect(i).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it("answers the captured error paths like OpenClaw", async () => {
    const run = async (name: string) => {
      const s = sessions.find((x) => x.name === name);
      const c = await RawClient.open(gw.url);
      await c.challenge();
      c.send(s?.frames[0]);
      const closed = await c.whenClosed();
      return { c, closed, res: c.frames.find((f) => f.type === "res") };
    };
    const noAuth = await run("raw:no-auth");
    expect(noAuth.res).toMatchObject({
      error: { code: "NOT_PAIRED", details: { code: "DEVICE_IDENTITY_REQUIRED" } },
    });
    expect(noAuth.closed.code).toBe(1008);
    const wrong = await run("raw:wrong-token");
    expect(wrong.res).toMatchObject({
      error: { code: "INVALID_REQUEST", details: { code: "AUTH_TOKEN_MISMATCH" } },
    });
    expect(wrong.closed.code).toBe(1008);
    const mismatch = await run("raw:protocol-mismatch-99");
    expect(mismatch.closed.code).toBe(1002);
    const notConnect = await run("raw:first-frame-not-connect");
    expect(notConnect.closed.code).toBe(1008);
  });
});

import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { base64UrlEncode, buildDeviceAuthPayload } from "@claw/protocol";
import WebSocket from "ws";

export type Frame = Record<string, unknown> & { type: string };

/** A raw test client: records every frame, lets tests await frames by predicate. */
export class RawClient {
  readonly frames: Frame[] = [];
  closed?: { code: number; reason: string };
  private waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.pred(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    ws.on("close", (code, reason) => {
      this.closed = { code, reason: String(reason) };
      for (const w of this.closeWaiters) w(this.closed);
    });
    ws.on("error", () => {});
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
    const ws = new WebSocket(url, { headers });
    const client = new RawClient(ws);
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once("error", reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  next(pred: (f: Frame) => boolean): Promise<Frame> {
    const found = this.frames.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ pred, resolve }));
  }

  res(id: string, nth = 0): Promise<Frame> {
    return new Promise((resolve) => {
      const check = () => this.frames.filter((f) => f.type === "res" && f.id === id)[nth];
      const hit = check();
      if (hit) return resolve(hit);
      this.waiters.push({ pred: () => check() !== undefined, resolve: () => resolve(check() as Frame) });
    });
  }

  event(name: string, pred: (p: Record<string, unknown>) => boolean = () => true): Promise<Frame> {
    return this.next(
      (f) => f.type === "event" && f.event === name && pred(f.payload as Record<string, unknown>),
    );
  }

  whenClosed(): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  async challenge(): Promise<string> {
    const f = await this.event("connect.challenge");
    return (f.payload as { nonce: string }).nonce;
  }

  close(): void {
    this.ws.close();
  }
}

let reqCounter = 0;
export const nextId = () => `r${++reqCounter}`;

export function connectParams(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    minProtocol: 4,
    maxProtocol: 4,
    client: { id: "cli", version: "0.0.1-test", platform: "linux", mode: "cli" },
    role: "operator",
    scopes: ["operator.read", "operator.write", "operator.admin", "operator.pairing"],
    ...overrides,
  };
}

/** Opens, connects and returns the client and hello frame. */
export async function connected(
  url: string,
  params: Record<string, unknown> = {},
): Promise<{ c: RawClient; hello: Frame }> {
  const c = await RawClient.open(url);
  await c.challenge();
  const id = nextId();
  c.send({ type: "req", id, method: "connect", params: connectParams(params) });
  const hello = await c.res(id);
  return { c, hello };
}

export async function call(c: RawClient, method: string, params?: unknown): Promise<Frame> {
  const id = nextId();
  c.send({ type: "req", id, method, ...(params === undefined ? {} : { params }) });
  return c.res(id);
}

/** An ed25519 device identity and a signer for connect device blocks. */
export function makeDevice() {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(12);
  const id = createHash("sha256").update(raw).digest("hex");
  return {
    id,
    block(nonce: string, params: Record<string, unknown>, token?: string) {
      const client = params.client as { id: string; mode: string; platform: string };
      const signedAt = Date.now();
      const payload = buildDeviceAuthPayload({
        deviceId: id,
        clientId: client.id,
        clientMode: client.mode,
        role: (params.role as string) ?? "operator",
        scopes: (params.scopes as string[]) ?? [],
        signedAtMs: signedAt,
        token: token ?? null,
        nonce,
        platform: client.platform,
      });
      const signature = base64UrlEncode(sign(null, Buffer.from(payload), privateKey));
      return { id, publicKey: base64UrlEncode(raw), signature, signedAt, nonce };
    },
  };
}

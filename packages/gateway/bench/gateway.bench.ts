/**
 * Gateway benchmarks, each against a baseline measured in the same run:
 * - `health` round trip vs a raw `ws` echo server, with 1 and 200 concurrent clients (≤ 1.5×);
 * - connect-to-hello vs raw open + first echo;
 * - cold start to listening vs `node -e 0` (≤ 300 ms over it), idle RSS after start (≤ 80 MB).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { report, suite } from "@claw/bench-harness";
import { type GatewayPorts, startGateway } from "@claw/gateway";
import WebSocket, { WebSocketServer } from "ws";

const TOKEN = "bench-token-0123456789";
const here = dirname(fileURLToPath(import.meta.url));

const ports = {
  status: {
    health: async () => ({ defaultAgentId: "main", channels: {}, channelOrder: [], channelLabels: {} }),
  },
  catalog: { agents: async () => [{ agentId: "main", isDefault: true }] },
  runs: { active: () => [] },
} as unknown as GatewayPorts;

/** A connection that matches responses to requests by id. */
class Peer {
  private readonly waiting = new Map<string, () => void>();
  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const f = JSON.parse(String(data)) as { id?: string };
      if (f.id) {
        this.waiting.get(f.id)?.();
        this.waiting.delete(f.id);
      }
    });
  }
  rpc(method: string): Promise<void> {
    const id = randomUUID();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ type: "req", id, method }));
    });
  }
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

/** Opens a gateway connection and completes the handshake. */
async function connectGateway(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once("error", reject);
    ws.on("message", function onMessage(data) {
      const f = JSON.parse(String(data)) as { type: string; event?: string; id?: string };
      if (f.event === "connect.challenge") {
        const params = {
          minProtocol: 4,
          maxProtocol: 4,
          client: { id: "cli", version: "bench", platform: "linux", mode: "cli" },
          role: "operator",
          scopes: ["operator.read"],
          auth: { token: TOKEN },
        };
        ws.send(JSON.stringify({ type: "req", id: "c", method: "connect", params }));
      } else if (f.id === "c") {
        ws.off("message", onMessage);
        resolve();
      }
    });
  });
  return ws;
}

const echo = new WebSocketServer({ host: "127.0.0.1", port: 0, perMessageDeflate: false });
echo.on("connection", (ws) => ws.on("message", (data) => ws.send(String(data))));
await new Promise((r) => echo.once("listening", r));
const echoUrl = `ws://127.0.0.1:${(echo.address() as { port: number }).port}`;
const gw = await startGateway({
  ports,
  port: 0,
  stateDbPath: ":memory:",
  auth: { mode: "token", token: TOKEN },
  limits: { authMaxFailures: 1e9 },
});

for (const clients of [1, 200]) {
  const echoPeers = await Promise.all(
    Array.from({ length: clients }, async () => new Peer(await open(echoUrl))),
  );
  const gwPeers = await Promise.all(
    Array.from({ length: clients }, async () => new Peer(await connectGateway(gw.url))),
  );
  await suite(`gateway health rtt, ${clients} client${clients > 1 ? "s" : ""}`, {
    baseline: { name: "raw ws echo", fn: () => Promise.all(echoPeers.map((p) => p.rpc("health"))) },
    cases: [
      {
        name: "gateway health",
        fn: () => Promise.all(gwPeers.map((p) => p.rpc("health"))),
        target: { maxRatio: 1.5 },
      },
    ],
    minSamples: clients > 1 ? 50 : 300,
    minTimeMs: 1000,
  });
  for (const p of [...echoPeers, ...gwPeers]) p.ws.terminate();
}

await suite("gateway connect", {
  baseline: {
    name: "raw ws open + first echo",
    fn: async () => {
      const ws = await open(echoUrl);
      await new Peer(ws).rpc("x");
      ws.terminate();
    },
  },
  cases: [
    {
      name: "connect-to-hello",
      fn: async () => {
        const ws = await connectGateway(gw.url);
        ws.terminate();
      },
    },
  ],
  minSamples: 100,
});
await gw.close();
echo.close();

/** Spawns a node process; resolves with ms until `marker` appears on stdout (or exit) and the output. */
function timeSpawn(args: string[], marker?: string): Promise<{ ms: number; out: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: here, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    let ms: number | undefined;
    child.stdout.on("data", (d) => {
      out += String(d);
      if (marker && ms === undefined && out.includes(marker)) ms = performance.now() - t0;
    });
    child.on("error", reject);
    child.on("exit", () => resolve({ ms: ms ?? performance.now() - t0, out }));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const nodeStart: number[] = [];
const gatewayStart: number[] = [];
const rss: number[] = [];
for (let i = 0; i < 7; i++) {
  nodeStart.push((await timeSpawn(["-e", "0"])).ms);
  const run = await timeSpawn([join(here, "cold-start.mjs")], "listening");
  gatewayStart.push(run.ms);
  const last = run.out.trim().split("\n").at(-1) ?? "{}";
  rss.push((JSON.parse(last) as { rssBytes: number }).rssBytes / (1024 * 1024));
}
const base = median(nodeStart);
report("gateway cold start", "node -e 0 (baseline)", base, "ms");
report("gateway cold start", "spawn to listening", median(gatewayStart), "ms", {
  baseline: { name: "node -e 0", value: base },
});
report("gateway cold start", "listening minus node startup", median(gatewayStart) - base, "ms", {
  target: { max: 300 },
});
report("gateway cold start", "idle RSS after start", median(rss), "MB", { target: { max: 80 } });

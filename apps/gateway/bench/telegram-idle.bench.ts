/**
 * Idle memory with Telegram enabled: the built gateway (`bin/claw-gateway.js --port 0`) with a
 * Telegram account long-polling a fake Bot API, against the same gateway with no channel, in
 * interleaved rounds. VmRSS 2 s after the poller connected (target ≤ 90 MB).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { exitOf, listeningUrl, requireBuiltGateway, spawnGateway } from "./gateway-process.js";

requireBuiltGateway();

const ROUNDS = 5;
const IDLE_MS = 2000;

function vmRssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function idleRss(api: FakeBotApi | undefined): Promise<number | undefined> {
  const home = mkdtempSync(join(tmpdir(), "claw-tg-idle-"));
  try {
    if (api) {
      mkdirSync(join(home, ".claw"), { recursive: true });
      const config = {
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "pairing" } },
      };
      writeFileSync(join(home, ".claw", "claw.json"), JSON.stringify(config));
    }
    const polls = api?.calls.get("getUpdates") ?? 0;
    const gateway = spawnGateway(process.execPath, home);
    await listeningUrl(gateway, 60_000);
    if (api) {
      const deadline = Date.now() + 30_000;
      while ((api.calls.get("getUpdates") ?? 0) <= polls) {
        if (Date.now() > deadline) throw new Error(`telegram never polled: ${gateway.output.stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const rss = gateway.child.pid === undefined ? undefined : vmRssMb(gateway.child.pid);
    gateway.child.kill("SIGTERM");
    const { code } = await exitOf(gateway.child);
    if (code !== 0) throw new Error(`claw-gateway exited ${code}; stderr: ${gateway.output.stderr}`);
    return rss;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const api = await new FakeBotApi().start();
const bare: number[] = [];
const telegram: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const b = await idleRss(undefined);
  const t = await idleRss(api);
  if (b !== undefined) bare.push(b);
  if (t !== undefined) telegram.push(t);
}
await api.close();
if (telegram.length > 0) {
  report("gateway idle RSS", "no channel (baseline)", median(bare), "MB");
  report("gateway idle RSS", `Telegram polling, ${IDLE_MS / 1000} s idle`, median(telegram), "MB", {
    baseline: { name: "no channel", value: median(bare) },
    target: { max: 90 },
  });
} else process.stderr.write("gateway idle RSS: no /proc on this system, not measured\n");

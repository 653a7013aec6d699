/**
 * Idle memory with Discord enabled: the built gateway process (`claw-gateway --port 0`) with
 * `channels.discord` pointed at a fake Discord in this process, its gateway session up, against
 * the same gateway with no channel configured. VmRSS 1 s after the session is up (or after
 * listening, for the baseline); the budget for all three chat channels is ≤ 100 MB.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { exitOf, listeningUrl, requireBuiltGateway, spawnGateway } from "./gateway-process.js";

requireBuiltGateway();

const ROUNDS = 5;
const IDLE_MS = 1000;

function vmRssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined; // no procfs (macOS): the rows are skipped
  }
}

async function idleRss(fake: FakeDiscord | undefined): Promise<number | undefined> {
  const home = mkdtempSync(join(tmpdir(), "claw-dc-idle-"));
  try {
    mkdirSync(join(home, ".claw"), { recursive: true });
    const channels = fake
      ? { discord: { token: fake.token, rest: { api: fake.restApi }, dmPolicy: "open" } }
      : {};
    writeFileSync(join(home, ".claw", "claw.json"), JSON.stringify({ channels }));
    const gateway = spawnGateway(process.execPath, home);
    await listeningUrl(gateway, 60_000);
    const deadline = Date.now() + 30_000;
    while (fake && fake.gateway.liveSessions() === 0) {
      if (Date.now() > deadline) throw new Error(`no Discord session; stderr: ${gateway.output.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rss = vmRssMb(gateway.child.pid);
    gateway.child.kill("SIGTERM");
    await exitOf(gateway.child);
    return rss;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const fake = await new FakeDiscord().start();
const bare: number[] = [];
const withDiscord: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const a = await idleRss(undefined);
  const b = await idleRss(fake);
  if (a !== undefined) bare.push(a);
  if (b !== undefined) withDiscord.push(b);
}
await fake.close();

if (bare.length > 0 && withDiscord.length > 0) {
  const baseline = median(bare);
  const discord = median(withDiscord);
  report("gateway idle memory", "idle RSS, no channels (baseline)", baseline, "MB");
  report("gateway idle memory", "idle RSS, Discord connected", discord, "MB", {
    baseline: { name: "no channels", value: baseline },
    target: { max: 100 },
  });
  report("gateway idle memory", "Discord's share of idle RSS", discord - baseline, "MB");
} else process.stderr.write("gateway idle memory: no /proc on this system, not measured\n");

/**
 * Idle memory of the gateway process with a Slack account connected over Socket Mode (to the
 * fake Slack in this process), against the same gateway with no channel configured: VmRSS 2 s
 * after listening, median of interleaved rounds. The issue's budget for all three chat channels
 * together is 100 MB; this row reports Slack's part (the SDK loads only when an account starts,
 * so the baseline carries none of it; most of the share is `@slack/socket-mode`'s undici).
 * Runs against the built dist.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { FakeSlack } from "@claw/channel-slack/testing";
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

/** Starts the gateway in a fresh home with `config`; RSS after IDLE_MS, then SIGTERM. */
async function idleRss(
  config: Record<string, unknown>,
  connected: () => boolean,
): Promise<number | undefined> {
  const home = mkdtempSync(join(tmpdir(), "claw-slack-rss-"));
  try {
    mkdirSync(join(home, ".claw"), { recursive: true });
    writeFileSync(join(home, ".claw", "claw.json"), JSON.stringify(config));
    const gateway = spawnGateway(process.execPath, home);
    await listeningUrl(gateway, 60_000);
    const deadline = Date.now() + 10_000;
    while (!connected() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!connected())
      throw new Error(`the gateway did not connect to the fake Slack: ${gateway.output.stderr}`);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const rss = gateway.child.pid === undefined ? undefined : vmRssMb(gateway.child.pid);
    gateway.child.kill("SIGTERM");
    await exitOf(gateway.child);
    return rss;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const slack = await new FakeSlack().start();
const withSlack = {
  channels: { slack: { botToken: slack.botToken, appToken: slack.appToken, slackApiUrl: slack.apiUrl } },
};
const bare: number[] = [];
const slackRss: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const b = await idleRss({}, () => true);
  const connectionsBefore = slack.socketMode.connections;
  const s = await idleRss(withSlack, () => slack.socketMode.connections > connectionsBefore);
  if (b !== undefined) bare.push(b);
  if (s !== undefined) slackRss.push(s);
}
await slack.close();

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
if (slackRss.length > 0) {
  const base = median(bare);
  report("gateway idle RSS with Slack", "no channels (baseline)", base, "MB");
  report("gateway idle RSS with Slack", "Slack over Socket Mode, connected", median(slackRss), "MB", {
    baseline: { name: "no channels", value: base },
    target: { max: 100 },
  });
  report("gateway idle RSS with Slack", "Slack's share", median(slackRss) - base, "MB");
} else process.stderr.write("gateway idle RSS with Slack: no /proc on this system, not measured\n");

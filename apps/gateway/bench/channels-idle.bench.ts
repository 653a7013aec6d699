/**
 * Idle memory of the built gateway process (`claw-gateway --port 0`) with chat channels connected
 * to fakes in this process — Telegram long polling, Discord's gateway session, Slack over Socket
 * Mode, and all three at once — against the same gateway with no channel, in interleaved rounds.
 * VmRSS 2 s after every configured channel is connected. Targets: Telegram alone ≤ 90 MB, all
 * three ≤ 100 MB. A platform's SDK loads only when its `channels.<id>` section exists, so the
 * baseline carries none of them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { FakeSlack } from "@claw/channel-slack/testing";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import {
  exitOf,
  listeningUrl,
  median,
  requireBuiltGateway,
  spawnGateway,
  vmRssMb,
} from "./gateway-process.js";

requireBuiltGateway();

const ROUNDS = 5;
const IDLE_MS = 2000;
const CONNECT_TIMEOUT_MS = 30_000;

const telegram = await new FakeBotApi().start();
const discord = await new FakeDiscord().start();
const slack = await new FakeSlack().start();

/** One way to configure the gateway, and how to tell that its channels are connected. */
interface Setup {
  name: string;
  channels: Record<string, unknown>;
  /** Called before the start; the returned check is true once every channel is connected. */
  connectedAfter: () => () => boolean;
  target?: number;
}

const telegramSection = { botToken: telegram.token, apiRoot: telegram.url, dmPolicy: "pairing" };
const discordSection = { token: discord.token, rest: { api: discord.restApi }, dmPolicy: "open" };
const slackSection = { botToken: slack.botToken, appToken: slack.appToken, slackApiUrl: slack.apiUrl };

const telegramPolled = () => {
  const before = telegram.calls.get("getUpdates") ?? 0;
  return () => (telegram.calls.get("getUpdates") ?? 0) > before;
};
const discordConnected = () => () => discord.gateway.liveSessions() > 0;
const slackConnected = () => {
  const before = slack.socketMode.connections;
  return () => slack.socketMode.connections > before;
};

const SETUPS: readonly Setup[] = [
  { name: "no channel (baseline)", channels: {}, connectedAfter: () => () => true },
  {
    name: "Telegram polling",
    channels: { telegram: telegramSection },
    connectedAfter: telegramPolled,
    target: 90,
  },
  { name: "Discord connected", channels: { discord: discordSection }, connectedAfter: discordConnected },
  { name: "Slack over Socket Mode", channels: { slack: slackSection }, connectedAfter: slackConnected },
  {
    name: "all three connected",
    channels: { telegram: telegramSection, discord: discordSection, slack: slackSection },
    connectedAfter: () => {
      const checks = [telegramPolled(), discordConnected(), slackConnected()];
      return () => checks.every((connected) => connected());
    },
    target: 100,
  },
];

/** Starts the gateway in a fresh home with `setup`; RSS IDLE_MS after it connected, then SIGTERM. */
async function idleRss(setup: Setup): Promise<number | undefined> {
  const home = mkdtempSync(join(tmpdir(), "claw-channels-idle-"));
  try {
    mkdirSync(join(home, ".claw"), { recursive: true });
    writeFileSync(join(home, ".claw", "claw.json"), JSON.stringify({ channels: setup.channels }));
    const connected = setup.connectedAfter();
    const gateway = spawnGateway(process.execPath, home);
    await listeningUrl(gateway, 60_000);
    const deadline = Date.now() + CONNECT_TIMEOUT_MS;
    while (!connected()) {
      if (Date.now() > deadline) {
        gateway.child.kill("SIGKILL");
        throw new Error(`${setup.name}: not connected in time; stderr: ${gateway.output.stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rss = vmRssMb(gateway.child.pid);
    gateway.child.kill("SIGTERM");
    const { code } = await exitOf(gateway.child);
    if (code !== 0) throw new Error(`${setup.name}: claw-gateway exited ${code}; ${gateway.output.stderr}`);
    return rss;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const samples = SETUPS.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++)
  for (const [index, setup] of SETUPS.entries()) {
    const rss = await idleRss(setup);
    if (rss !== undefined) samples[index]?.push(rss);
  }
await Promise.all([telegram.close(), discord.close(), slack.close()]);

const baseline = median(samples[0] ?? []);
if (Number.isNaN(baseline)) process.stderr.write("gateway idle RSS: no /proc on this system, not measured\n");
else {
  report("gateway idle RSS with channels", "no channel (baseline)", baseline, "MB");
  for (const [index, setup] of SETUPS.entries()) {
    if (index === 0) continue;
    report("gateway idle RSS with channels", setup.name, median(samples[index] ?? []), "MB", {
      baseline: { name: "no channel", value: baseline },
      ...(setup.target !== undefined ? { target: { max: setup.target } } : {}),
    });
  }
}

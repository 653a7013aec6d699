/**
 * The channel layer's own cost for Discord, against the fake Discord (real gateway WebSocket,
 * real discord.js, real state.db): a DM written on the fake until agent-core's runtime starts the
 * run, against the same path with the layer bypassed (the message stops where the channel hands
 * it to the layer). The difference is the layer's overhead; target ≤ 5 ms p50.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAgentRuntime } from "@claw/agent-core";
import { report } from "@claw/bench-harness";
import {
  createChannelManager,
  createChannelOutbox,
  createChannelPipeline,
  openAccountState,
  openOutboxStore,
  openPairingStore,
} from "@claw/channels";
import { createFauxProvider, type Model } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { createDiscordChannel } from "../src/index.js";
import { FakeDiscord } from "../src/testing/index.js";

const stateDir = mkdtempSync(join(tmpdir(), "claw-discord-bench-"));
const db = openSqliteDatabase(join(stateDir, "state.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");

const faux = createFauxProvider(["ok"], {
  provider: "faux",
  whenExhausted: "repeat-last",
  recordCalls: false,
});
const models = new Map<string, Model>([["faux/faux-1", faux.model]]);
const runtime = createAgentRuntime({
  agents: [{ id: "main", model: { primary: "faux/faux-1" }, tools: [], systemPrompt: "Bench." }],
  resolveModel: (ref) => models.get(ref),
  stream: faux.stream,
});
let runStarted: (() => void) | undefined;
let bypassLayer = false;
const timedRuntime = {
  ...runtime,
  run: (request: Parameters<typeof runtime.run>[0]) => {
    runStarted?.();
    return runtime.run(request);
  },
  steer: runtime.steer.bind(runtime),
  activeRuns: runtime.activeRuns.bind(runtime),
  wait: runtime.wait.bind(runtime),
  sessions: runtime.sessions,
};

const fake = await new FakeDiscord().start();
const state = openAccountState(db);
let manager: ReturnType<typeof createChannelManager> | undefined;
const outbox = createChannelOutbox({
  store: openOutboxStore(db),
  send: (...args) => (manager as NonNullable<typeof manager>).send(...args),
  textLimit: () => 2000,
});
const pipeline = createChannelPipeline({
  runtime: timedRuntime,
  routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
  access: () => ({ dmPolicy: "open", groupPolicy: "open" }),
  pairing: openPairingStore(db),
  state,
  deliver: outbox.deliver,
});
manager = createChannelManager({
  accounts: [
    {
      channel: "discord",
      accountId: "default",
      enabled: true,
      configured: true,
      create: () => createDiscordChannel({ token: fake.token, restApi: fake.restApi }),
    },
  ],
  state,
  onInbound: async (channel, message) => {
    if (bypassLayer) runStarted?.();
    else await pipeline.handle(channel, message);
  },
});
outbox.start();
await manager.start();
while (fake.gateway.liveSessions() === 0) await new Promise((resolve) => setTimeout(resolve, 10));

// Interleaved rounds: a bypassed sample, then a layer sample whose run is left to finish (untimed)
// before the next round, so one sample's agent work never lands in another's timing.
const ROUNDS = 200;
const bypassMs: number[] = [];
const layerMs: number[] = [];
const sample = async (bypass: boolean, user: string, text: string) => {
  await new Promise((resolve) => setTimeout(resolve, 15));
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    bypassLayer = bypass;
    runStarted = resolve;
    fake.dm(user, text);
  });
  return performance.now() - t0;
};
for (let round = 0; round < ROUNDS + 10; round++) {
  const user = String(300000000000000000n + BigInt(round));
  const bypass = await sample(true, user, `bypass ${round}`);
  const layer = await sample(false, user, `layer ${round}`);
  runStarted = undefined;
  await pipeline.drained();
  if (round < 10) continue; // warm-up
  bypassMs.push(bypass);
  layerMs.push(layer);
}
const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const baseline = p50(bypassMs);
const layer = p50(layerMs);
const SUITE = "discord inbound to agent";
report(SUITE, "gateway MESSAGE_CREATE → channel, layer bypassed (baseline, p50)", baseline, "ms");
report(SUITE, "MESSAGE_CREATE → channel → route → dispatch → runtime.run (p50)", layer, "ms", {
  baseline: { name: "layer bypassed", value: baseline },
});
report(SUITE, "channel layer overhead (p50)", layer - baseline, "ms", { target: { max: 5 } });

await manager.stop();
await outbox.stop();
await fake.close();
db.close();
rmSync(stateDir, { recursive: true, force: true });

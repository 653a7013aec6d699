/**
 * The channel layer's own cost for Slack, against the fake Slack (real Socket Mode WebSocket, real
 * `@slack/web-api`, real state.db): an event pushed over Socket Mode until agent-core's runtime
 * starts the run, against the same path with the layer bypassed (the event stops where the
 * channel hands it to the layer). The difference is the layer's overhead, target ≤ 5 ms p50.
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
import { createSlackChannel } from "../src/index.js";
import { FakeSlack } from "../src/testing/index.js";

const stateDir = mkdtempSync(join(tmpdir(), "claw-slack-bench-"));
const db = openSqliteDatabase(join(stateDir, "state.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");

const faux = createFauxProvider(["ok"], { provider: "faux", whenExhausted: "repeat-last" });
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

const slack = await new FakeSlack().start();
const state = openAccountState(db);
let manager: ReturnType<typeof createChannelManager> | undefined;
const outbox = createChannelOutbox({
  store: openOutboxStore(db),
  send: (...args) => (manager as NonNullable<typeof manager>).send(...args),
  textLimit: () => 4000,
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
      channel: "slack",
      accountId: "default",
      enabled: true,
      configured: true,
      create: () =>
        createSlackChannel({ botToken: slack.botToken, appToken: slack.appToken, slackApiUrl: slack.apiUrl }),
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

/** Pushes a DM over Socket Mode and resolves when the run starts (or the layer is reached, bypassed). */
const sample = (user: string, text: string, bypass: boolean) =>
  new Promise<number>((resolve) => {
    const t0 = performance.now();
    bypassLayer = bypass;
    runStarted = () => resolve(performance.now() - t0);
    slack.dm(user, text);
  });

// Interleaved rounds: a bypassed sample, then a layer sample whose run is left to finish before
// the next round, so one sample's agent work never lands in another's timing.
const ROUNDS = 200;
const bypassMs: number[] = [];
const layerMs: number[] = [];
for (let round = 0; round < ROUNDS + 10; round++) {
  const user = `U${1000 + round}`;
  // Each sample starts with the previous reply delivered and the socket idle, as an idle bot is.
  const idle = async () => {
    await pipeline.drained();
    while (outbox.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 15));
  };
  await idle();
  const bypass = await sample(user, `bypass ${round}`, true);
  await idle();
  const layer = await sample(user, `layer ${round}`, false);
  runStarted = undefined;
  if (round < 10) continue; // warm-up
  bypassMs.push(bypass);
  layerMs.push(layer);
}
const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const baseline = p50(bypassMs);
const layer = p50(layerMs);
report(
  "slack inbound to agent",
  "Socket Mode event → channel, layer bypassed (baseline, p50)",
  baseline,
  "ms",
);
report("slack inbound to agent", "event → channel → route → dispatch → runtime.run (p50)", layer, "ms", {
  baseline: { name: "layer bypassed", value: baseline },
});
report("slack inbound to agent", "channel layer overhead (p50)", layer - baseline, "ms", {
  target: { max: 5 },
});

await manager.stop();
await outbox.stop();
await slack.close();
db.close();
rmSync(stateDir, { recursive: true, force: true });

/**
 * The channel layer's own cost, against the fake Bot API (real HTTP, real grammY, real state.db):
 * - inbound-to-agent: a Telegram update pushed to the fake until agent-core's runtime starts the
 *   run, against the same path with the layer bypassed (the update stops where the channel hands
 *   it to the layer); the difference is the layer's overhead, target ≤ 5 ms p50, of which the
 *   inbound journal's synced commit (the durability of an acknowledged message) is shown apart;
 * - outbox throughput: 1,000 one-chunk replies over 20 chats through the durable outbox and the
 *   Telegram channel, against the same sends made with grammY directly; target ≥ 500 chunks/s
 *   (≤ 2 ms per chunk); and 100 replies of 10 chunks each, where every chunk's delivered mark
 *   commits before the next chunk of its reply is sent.
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
  openInboundJournal,
  openOutboxStore,
  openPairingStore,
} from "@claw/channels";
import { createFauxProvider, type Model } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { Api } from "grammy";
import { createTelegramChannel } from "../src/index.js";
import { FakeBotApi } from "../src/testing/index.js";

const stateDir = mkdtempSync(join(tmpdir(), "claw-channels-bench-"));
const db = openSqliteDatabase(join(stateDir, "state.db"));
db.pragma("journal_mode = WAL");
// As the gateway opens it (the inbound journal syncs its own commits to disk).
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

const state = openAccountState(db);
// The durable accept (one commit synced to disk) is timed on its own: it is most of the layer's cost.
const journal = openInboundJournal(db, state);
const acceptMs: number[] = [];
const timedJournal = {
  ...journal,
  accept: (...args: Parameters<typeof journal.accept>) => {
    const t0 = performance.now();
    try {
      return journal.accept(...args);
    } finally {
      acceptMs.push(performance.now() - t0);
    }
  },
};

const layerApi = await new FakeBotApi().start();
let manager: ReturnType<typeof createChannelManager> | undefined;
const outbox = createChannelOutbox({
  store: openOutboxStore(db),
  send: (...args) => (manager as NonNullable<typeof manager>).send(...args),
  textLimit: () => 4096,
});
const pipeline = createChannelPipeline({
  runtime: timedRuntime,
  routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
  access: () => ({ dmPolicy: "open", groupPolicy: "open" }),
  pairing: openPairingStore(db),
  state,
  journal: timedJournal,
  deliver: outbox.deliver,
});
manager = createChannelManager({
  accounts: [
    {
      channel: "telegram",
      accountId: "default",
      enabled: true,
      configured: true,
      create: () =>
        createTelegramChannel({ botToken: layerApi.token, apiRoot: layerApi.url, pollTimeoutSeconds: 30 }),
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

// The outbox baseline sends to a second fake with grammY directly.
const bareApi = await new FakeBotApi({ token: "777:BARE" }).start();
const bareClient = new Api(bareApi.token, { apiRoot: bareApi.url });

// Interleaved rounds: a bypassed sample, then a layer sample whose run is left to finish (untimed)
// before the next round, so one sample's agent work never lands in another's timing.
const ROUNDS = 200;
const bypassMs: number[] = [];
const layerMs: number[] = [];
for (let round = 0; round < ROUNDS + 10; round++) {
  const chat = 1000 + round;
  // Each sample starts with the poller parked in its long poll, as an idle bot is.
  await new Promise((resolve) => setTimeout(resolve, 15));
  let t0 = performance.now();
  await new Promise<void>((resolve) => {
    bypassLayer = true;
    runStarted = resolve;
    layerApi.dm(chat, `bypass ${round}`);
  });
  const bypass = performance.now() - t0;
  await new Promise((resolve) => setTimeout(resolve, 15));
  t0 = performance.now();
  await new Promise<void>((resolve) => {
    bypassLayer = false;
    runStarted = resolve;
    layerApi.dm(chat, `layer ${round}`);
  });
  const layer = performance.now() - t0;
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
report("telegram inbound to agent", "update → channel, layer bypassed (baseline, p50)", baseline, "ms");
report("telegram inbound to agent", "update → channel → route → dispatch → runtime.run (p50)", layer, "ms", {
  baseline: { name: "layer bypassed", value: baseline },
});
report("telegram inbound to agent", "channel layer overhead (p50)", layer - baseline, "ms", {
  target: { max: 5 },
});
report(
  "telegram inbound to agent",
  "of which: durable accept, one commit synced to disk (p50)",
  p50(acceptMs.slice(10)),
  "ms",
);

// Outbox throughput.
const CHUNKS = 1_000;
const CHATS = 20;
await pipeline.drained();
while (outbox.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
const sentBefore = layerApi.sent.length;
const t0 = performance.now();
const receipts = [];
for (let i = 0; i < CHUNKS; i++)
  receipts.push(await outbox.deliver({ channel: "telegram", to: String(5000 + (i % CHATS)) }, `reply ${i}`));
for (const receipt of receipts) if (receipt.status === "queued") await outbox.settled(receipt.outboxId);
const outboxMs = performance.now() - t0;
if (layerApi.sent.length - sentBefore < CHUNKS)
  throw new Error("outbox bench: not every chunk was delivered");

// Baseline: the same sends with grammY directly, one sequential loop per chat, no outbox.
const bareStart = performance.now();
await Promise.all(
  Array.from({ length: CHATS }, async (_, chat) => {
    for (let i = chat; i < CHUNKS; i += CHATS) await bareClient.sendMessage(5000 + chat, `reply ${i}`);
  }),
);
const bareMsPerChunk = (performance.now() - bareStart) / CHUNKS;
const msPerChunk = outboxMs / CHUNKS;
report("telegram outbox", "bare grammY sendMessage, 20 chats (baseline)", bareMsPerChunk, "ms/chunk");
report("telegram outbox", "durable outbox → Telegram channel, 20 chats", msPerChunk, "ms/chunk", {
  baseline: { name: "bare sendMessage", value: bareMsPerChunk },
  target: { max: 2 },
});
report("telegram outbox", "throughput", 1000 / msPerChunk, "chunks/s");

// Multi-chunk replies: each chunk's mark commits before the next chunk of its reply is sent.
const REPLIES = 100;
const CHUNKS_PER_REPLY = 10;
const paragraph = (reply: number, part: number) =>
  `reply ${reply} part ${part} ${"lorem ipsum ".repeat(250)}`;
const replyText = (reply: number) =>
  Array.from({ length: CHUNKS_PER_REPLY }, (_, part) => paragraph(reply, part)).join("\n\n");
const multiStart = performance.now();
const multi = [];
for (let r = 0; r < REPLIES; r++)
  multi.push(await outbox.deliver({ channel: "telegram", to: String(6000 + (r % CHATS)) }, replyText(r)));
for (const receipt of multi) {
  if (receipt.status !== "queued" || receipt.chunks !== CHUNKS_PER_REPLY)
    throw new Error("outbox bench: a multi-chunk reply was not chunked as planned");
  await outbox.settled(receipt.outboxId);
}
const multiMsPerChunk = (performance.now() - multiStart) / (REPLIES * CHUNKS_PER_REPLY);
const bareMultiStart = performance.now();
await Promise.all(
  Array.from({ length: CHATS }, async (_, chat) => {
    for (let r = chat; r < REPLIES; r += CHATS)
      for (let part = 0; part < CHUNKS_PER_REPLY; part++)
        await bareClient.sendMessage(6000 + chat, paragraph(r, part));
  }),
);
const bareMultiMsPerChunk = (performance.now() - bareMultiStart) / (REPLIES * CHUNKS_PER_REPLY);
report(
  "telegram outbox",
  "bare sendMessage, 10-chunk replies, 20 chats (baseline)",
  bareMultiMsPerChunk,
  "ms/chunk",
);
report("telegram outbox", "durable outbox, 10-chunk replies, 20 chats", multiMsPerChunk, "ms/chunk", {
  baseline: { name: "bare sendMessage", value: bareMultiMsPerChunk },
  target: { max: 2 },
});
report("telegram outbox", "throughput, 10-chunk replies", 1000 / multiMsPerChunk, "chunks/s");

await manager.stop();
await outbox.stop();
await layerApi.close();
await bareApi.close();
db.close();
rmSync(stateDir, { recursive: true, force: true });

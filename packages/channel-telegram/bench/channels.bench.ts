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
import { report } from "@claw/bench-harness";
import type { InboundJournal } from "@claw/channels";
import { LayerStopwatch, p50 } from "@claw/channels/testing";
import { Api } from "grammy";
import { FakeBotApi } from "../src/testing/index.js";
import { startLayer } from "../test/layer.js";

const stopwatch = new LayerStopwatch();
// The durable accept (one commit synced to disk) is timed on its own: it is most of the layer's cost.
const acceptMs: number[] = [];
const timedJournal = (journal: InboundJournal): InboundJournal => ({
  ...journal,
  accept: (...args: Parameters<typeof journal.accept>) => {
    const t0 = performance.now();
    try {
      return journal.accept(...args);
    } finally {
      acceptMs.push(performance.now() - t0);
    }
  },
});

const layerApi = await new FakeBotApi().start();
// As the gateway opens state.db (WAL, synchronous NORMAL: the inbound journal syncs its own commits).
const env = await startLayer({
  apis: [layerApi],
  telegram: { pollTimeoutSeconds: 30 },
  access: { dmPolicy: "open" },
  reply: "ok",
  wrapJournal: timedJournal,
  typing: false,
  ...stopwatch.layerOptions,
});
const { pipeline, outbox } = env;

// The outbox baseline sends to a second fake with grammY directly.
const bareApi = await new FakeBotApi({ token: "777:BARE" }).start();
const bareClient = new Api(bareApi.token, { apiRoot: bareApi.url });

const { baseline, layer } = await stopwatch.measure({
  rounds: 200,
  // Each sample starts with the poller parked in its long poll, as an idle bot is.
  idle: () => new Promise((resolve) => setTimeout(resolve, 15)),
  push: (bypass, round) => layerApi.dm(1000 + round, `${bypass ? "bypass" : "layer"} ${round}`),
  afterRound: () => pipeline.drained(),
});
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

await env.stop();
await layerApi.close();
await bareApi.close();

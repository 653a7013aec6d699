/**
 * The channel layer's own cost for Discord, against the fake Discord (real gateway WebSocket,
 * real discord.js, real state.db): a DM written on the fake until agent-core's runtime starts the
 * run, against the same path with the layer bypassed (the message stops where the channel hands
 * it to the layer). The difference is the layer's overhead; target ≤ 5 ms p50.
 */
import { report } from "@claw/bench-harness";
import { LayerStopwatch } from "@claw/channels/testing";
import { FakeDiscord } from "../src/testing/index.js";
import { startLayer } from "../test/layer.js";

const stopwatch = new LayerStopwatch();
const fake = await new FakeDiscord().start();
const layer = await startLayer({
  fakes: [fake],
  access: { dmPolicy: "open" },
  reply: "ok",
  recordCalls: false,
  typing: false,
  ...stopwatch.layerOptions,
});
while (fake.gateway.liveSessions() === 0) await new Promise((resolve) => setTimeout(resolve, 10));

const { baseline, layer: throughLayer } = await stopwatch.measure({
  rounds: 200,
  idle: () => new Promise((resolve) => setTimeout(resolve, 15)),
  push: (bypass, round) =>
    fake.dm(String(300000000000000000n + BigInt(round)), `${bypass ? "bypass" : "layer"} ${round}`),
  afterRound: () => layer.pipeline.drained(),
});
const SUITE = "discord inbound to agent";
report(SUITE, "gateway MESSAGE_CREATE → channel, layer bypassed (baseline, p50)", baseline, "ms");
report(SUITE, "MESSAGE_CREATE → channel → route → dispatch → runtime.run (p50)", throughLayer, "ms", {
  baseline: { name: "layer bypassed", value: baseline },
});
report(SUITE, "channel layer overhead (p50)", throughLayer - baseline, "ms", { target: { max: 5 } });

await layer.stop();
await fake.close();

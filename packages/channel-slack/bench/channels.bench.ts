/**
 * The channel layer's own cost for Slack, against the fake Slack (real Socket Mode WebSocket, real
 * `@slack/web-api`, real state.db): an event pushed over Socket Mode until agent-core's runtime
 * starts the run, against the same path with the layer bypassed (the event stops where the
 * channel hands it to the layer). The difference is the layer's overhead, target ≤ 5 ms p50.
 */
import { report } from "@claw/bench-harness";
import { LayerStopwatch } from "@claw/channels/testing";
import { FakeSlack } from "../src/testing/index.js";
import { startSlackLayer } from "../test/layer.js";

const stopwatch = new LayerStopwatch();
const slack = await new FakeSlack().start();
const env = await startSlackLayer({
  slack,
  access: { dmPolicy: "open" },
  reply: "ok",
  channel: { socket: {} },
  ...stopwatch.layerOptions,
  retry: { minDelayMs: 500, maxDelayMs: 5_000 },
});
const { pipeline, outbox } = env;

const { baseline, layer } = await stopwatch.measure({
  rounds: 200,
  // Each sample starts with the previous reply delivered and the socket idle, as an idle bot is.
  idle: async () => {
    await pipeline.drained();
    while (outbox.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 15));
  },
  push: (bypass, round) => slack.dm(`U${1000 + round}`, `${bypass ? "bypass" : "layer"} ${round}`),
});
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

await env.stop();
await slack.close();

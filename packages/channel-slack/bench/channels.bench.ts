/**
 * The channel layer's own cost for Slack, against the fake Slack (real Socket Mode WebSocket, real
 * `@slack/web-api`, real state.db): an event pushed over Socket Mode until agent-core's runtime
 * starts the run, against the same path with the layer bypassed (the event stops where the
 * channel hands it to the layer). The difference is the layer's overhead, target ≤ 5 ms p50.
 */
import { report } from "@claw/bench-harness";
import { measureLayerOverhead } from "@claw/channels/testing";
import { FakeSlack } from "../src/testing/index.js";
import { startSlackLayer } from "../test/layer.js";

let runStarted: (() => void) | undefined;
let bypassLayer = false;
const slack = await new FakeSlack().start();
const env = await startSlackLayer({
  slack,
  access: { dmPolicy: "open" },
  reply: "ok",
  channel: { socket: {} },
  onRunStart: () => runStarted?.(),
  bypassLayer: () => bypassLayer,
  retry: { minDelayMs: 500, maxDelayMs: 5_000 },
});
const { pipeline, outbox } = env;

/** Pushes a DM over Socket Mode and resolves when the run starts (or the layer is reached, bypassed). */
const push = (user: string, text: string, bypass: boolean) =>
  new Promise<number>((resolve) => {
    const t0 = performance.now();
    bypassLayer = bypass;
    runStarted = () => resolve(performance.now() - t0);
    slack.dm(user, text);
  });

const { baseline, layer } = await measureLayerOverhead({
  rounds: 200,
  // Each sample starts with the previous reply delivered and the socket idle, as an idle bot is.
  sample: async (bypass, round) => {
    await pipeline.drained();
    while (outbox.pending() > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 15));
    return push(`U${1000 + round}`, `${bypass ? "bypass" : "layer"} ${round}`, bypass);
  },
  afterRound: async () => {
    runStarted = undefined;
  },
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

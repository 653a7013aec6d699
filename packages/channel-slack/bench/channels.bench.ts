/**
 * The channel layer's own cost for Slack, against the fake Slack (real Socket Mode WebSocket, real
 * `@slack/web-api`, real state.db): an event pushed over Socket Mode until agent-core's runtime
 * starts the run, against the same path with the layer bypassed (the event stops where the
 * channel hands it to the layer). The difference is the layer's overhead, target ≤ 5 ms p50.
 */
import { report } from "@claw/bench-harness";
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

await env.stop();
await slack.close();

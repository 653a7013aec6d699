/**
 * Memory over many runs: a real gateway (faux model, real state dir, WebSocket client) answers
 * 1,000 `agent` runs spread over 50 sessions. RSS (after a full GC) once 10 runs are done is the
 * baseline; RSS after all 1,000 must stay within 1.3× of it. Heap figures are reported beside it,
 * so a regression shows whether the JS heap or native memory grew.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { report } from "@claw/bench-harness";
import { ClawClient } from "@claw/client";
import { validateConfig } from "@claw/config";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { startClaw } from "../src/index.js";

const SESSIONS = 50;
const TOTAL_RUNS = Number(process.env.CLAW_BENCH_RUNS ?? 1000);
const BASELINE_RUNS = 10;
const SUITE = "gateway memory";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** RSS and heap in MB after two full collections (the second frees what the first's finalizers released). */
function settledMemory(): { rssMb: number; heapMb: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 };
}

const answer: FauxStep = () => ({ text: `An answer of a few words, ${"padding ".repeat(40)}done.` });
const faux = createFauxProvider([], { provider: "faux", whenExhausted: "repeat-last", recordCalls: false });
faux.push(answer);
const home = mkdtempSync(join(tmpdir(), "claw-mem-bench-"));
const checked = validateConfig({ agents: { defaults: { model: "faux/faux-1" } } });
if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
const gateway = await startClaw({
  config: checked.config,
  stateDir: join(home, ".claw"),
  configPath: join(home, ".claw", "claw.json"),
  homeDir: home,
  env: {},
  port: 0,
  models: [faux.model],
  stream: faux.stream,
  watchSkills: false,
});
const client = new ClawClient({
  url: gateway.url,
  token: gateway.token,
  stateDir: join(home, ".claw"),
  client: { id: "cli", mode: "cli" },
  reconnect: { enabled: false },
  scopes: ["operator.read", "operator.write", "operator.admin"],
});
await client.connect();

let done = 0;
async function runs(count: number): Promise<void> {
  for (let i = 0; i < count; i++, done++) {
    const sessionKey = `agent:default:bench-${done % SESSIONS}`;
    const final = await client.requestFinal("agent", {
      message: `message ${done}`,
      sessionKey,
      idempotencyKey: randomUUID(),
    });
    if (final.status !== "ok") throw new Error(`run ${done} ended ${final.status}`);
  }
}

try {
  await runs(BASELINE_RUNS);
  const baseline = settledMemory();
  await runs(TOTAL_RUNS - BASELINE_RUNS);
  const after = settledMemory();
  report(SUITE, `RSS after ${BASELINE_RUNS} runs (baseline)`, baseline.rssMb, "MB");
  report(SUITE, `RSS after ${TOTAL_RUNS} runs over ${SESSIONS} sessions`, after.rssMb, "MB", {
    baseline: { name: `RSS after ${BASELINE_RUNS} runs`, value: baseline.rssMb },
    target: { maxRatio: 1.3 },
  });
  report(SUITE, `heap used after ${BASELINE_RUNS} runs`, baseline.heapMb, "MB");
  report(SUITE, `heap used after ${TOTAL_RUNS} runs`, after.heapMb, "MB", {
    baseline: { name: `heap after ${BASELINE_RUNS} runs`, value: baseline.heapMb },
  });
  if (process.env.CLAW_BENCH_HEAP_SNAPSHOT) {
    const { writeHeapSnapshot } = await import("node:v8");
    process.stderr.write(`heap snapshot: ${writeHeapSnapshot(process.env.CLAW_BENCH_HEAP_SNAPSHOT)}\n`);
  }
} finally {
  await client.close();
  await gateway.close();
  rmSync(home, { recursive: true, force: true });
}

/**
 * The whole gateway process, as a user starts it: `node bin/claw-gateway.js --port 0` with a fresh
 * state dir and HOME and no config file, against a bare `node -e 0` started the same way.
 * - cold start: spawn until the "listening on" stdout line (target ≤ 300 ms over `node -e 0`);
 * - idle RSS: VmRSS from /proc/<pid>/status 1 s after listening (target ≤ 80 MB);
 * then SIGTERM and wait for a clean exit. Runs against the built dist (`pnpm bench` builds first).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import {
  exitOf,
  freshEnv,
  listeningUrl,
  median,
  requireBuiltGateway,
  spawnGateway,
  vmRssMb,
} from "./gateway-process.js";

requireBuiltGateway();

const ROUNDS = 9;
const IDLE_MS = 1000;
const TIMEOUT_MS = 60_000;

/** Spawn to exit of `node -e 0`, in ms. */
async function bareNode(home: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", "0"], { env: freshEnv(home), stdio: "ignore" });
  await exitOf(child);
  return performance.now() - t0;
}

/** Starts the gateway; ms until "listening on", RSS after IDLE_MS, then SIGTERM and a clean exit. */
async function gatewayRun(home: string): Promise<{ startMs: number; rssMb: number | undefined }> {
  const t0 = performance.now();
  const gateway = spawnGateway(process.execPath, home);
  await listeningUrl(gateway, TIMEOUT_MS);
  const startMs = performance.now() - t0;
  const { child, output } = gateway;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssMb = child.pid === undefined ? undefined : vmRssMb(child.pid);
  child.kill("SIGTERM");
  const { code } = await exitOf(child);
  if (code !== 0) throw new Error(`claw-gateway exited ${code} after SIGTERM; stderr: ${output.stderr}`);
  return { startMs, rssMb };
}

// Interleaved rounds, each in a fresh home, so machine load hits the baseline and the gateway alike.
const base: number[] = [];
const start: number[] = [];
const rss: number[] = [];
for (let i = 0; i < ROUNDS + 1; i++) {
  const home = mkdtempSync(join(tmpdir(), "claw-gw-bench-"));
  try {
    const b = await bareNode(home);
    const run = await gatewayRun(home);
    if (i === 0) continue; // warm-up: the first spawn pays for a cold disk cache
    base.push(b);
    start.push(run.startMs);
    if (run.rssMb !== undefined) rss.push(run.rssMb);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

const baseMs = median(base);
const startMs = median(start);
report("gateway process", "node -e 0 (baseline)", baseMs, "ms");
report("gateway process", "claw-gateway spawn to listening", startMs, "ms", {
  baseline: { name: "node -e 0", value: baseMs },
});
report("gateway process", "listening minus node startup", startMs - baseMs, "ms", { target: { max: 300 } });
if (rss.length > 0)
  report("gateway process", `idle RSS ${IDLE_MS / 1000} s after listening`, median(rss), "MB", {
    target: { max: 80 },
  });
else process.stderr.write("gateway process: no /proc on this system, idle RSS not measured\n");

/**
 * The whole gateway process, as a user starts it: `node bin/claw-gateway.js --port 0` with a fresh
 * state dir and HOME and no config file, against a bare `node -e 0` started the same way.
 * - cold start: spawn until the "listening on" stdout line (target ≤ 300 ms over `node -e 0`);
 * - idle RSS: VmRSS from /proc/<pid>/status 1 s after listening (target ≤ 80 MB);
 * - idle RSS with Telegram enabled (a bot polling a fake Bot API in this process; target ≤ 90 MB);
 * then SIGTERM and wait for a clean exit. Runs against the built dist (`pnpm bench` builds first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { report } from "@claw/bench-harness";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { GATEWAY_NODE_FLAGS } from "../src/paths.js";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(appDir, "bin", "claw-gateway.js");
if (!existsSync(join(appDir, "dist", "main.js")))
  throw new Error("apps/gateway/dist is missing: run `pnpm build` (pnpm bench does)");

const ROUNDS = 9;
const IDLE_MS = 1000;
const TIMEOUT_MS = 60_000;

/** The environment of a first run: no config, no state, nothing inherited that changes startup. */
function freshEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CLAW_STATE_DIR: join(home, ".claw") };
  for (const key of ["CLAW_CONFIG_PATH", "CLAW_PROFILE", "CLAW_LOG_STDERR", "NODE_OPTIONS"]) delete env[key];
  return env;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

/** Spawn to exit of `node -e 0`, in ms. */
async function bareNode(home: string): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", "0"], { env: freshEnv(home), stdio: "ignore" });
  await exited(child);
  return performance.now() - t0;
}

function vmRssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined; // no procfs (macOS): the RSS row is skipped
  }
}

/** Starts the gateway; ms until "listening on", RSS after IDLE_MS, then SIGTERM and a clean exit. */
async function gatewayRun(home: string): Promise<{ startMs: number; rssMb: number | undefined }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, bin, "--port", "0"], {
    cwd: home,
    env: freshEnv(home),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += String(d);
  });
  const startMs = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`claw-gateway did not listen within ${TIMEOUT_MS} ms; stderr: ${stderr}`));
    }, TIMEOUT_MS);
    child.stdout?.on("data", (d) => {
      stdout += String(d);
      if (stdout.includes("listening on")) {
        clearTimeout(timer);
        resolve(performance.now() - t0);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`claw-gateway exited ${code} before listening; stderr: ${stderr}`));
    });
  });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssMb = child.pid === undefined ? undefined : vmRssMb(child.pid);
  child.removeAllListeners("exit");
  child.kill("SIGTERM");
  const code = await exited(child);
  if (code !== 0) throw new Error(`claw-gateway exited ${code} after SIGTERM; stderr: ${stderr}`);
  return { startMs, rssMb };
}

/** A home whose config enables one Telegram bot polling `api`. */
function withTelegram(home: string, api: FakeBotApi): string {
  mkdirSync(join(home, ".claw"), { recursive: true });
  writeFileSync(
    join(home, ".claw", "claw.json"),
    JSON.stringify({ channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } } }),
  );
  return home;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

// Interleaved rounds, each in a fresh home, so machine load hits the baseline and the gateway alike.
const base: number[] = [];
const start: number[] = [];
const rss: number[] = [];
const telegramRss: number[] = [];
const telegram = await new FakeBotApi().start();
for (let i = 0; i < ROUNDS + 1; i++) {
  const home = mkdtempSync(join(tmpdir(), "claw-gw-bench-"));
  const telegramHome = withTelegram(mkdtempSync(join(tmpdir(), "claw-gw-bench-tg-")), telegram);
  try {
    const b = await bareNode(home);
    const run = await gatewayRun(home);
    const withBot = await gatewayRun(telegramHome);
    if (i === 0) continue; // warm-up: the first spawn pays for a cold disk cache
    base.push(b);
    start.push(run.startMs);
    if (run.rssMb !== undefined) rss.push(run.rssMb);
    if (withBot.rssMb !== undefined) telegramRss.push(withBot.rssMb);
  } finally {
    rmSync(home, { recursive: true, force: true });
    rmSync(telegramHome, { recursive: true, force: true });
  }
}
if ((telegram.calls.get("getUpdates") ?? 0) === 0)
  throw new Error("the Telegram bot never polled the fake Bot API");
await telegram.close();

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
if (telegramRss.length > 0)
  report(
    "gateway process",
    `idle RSS with Telegram enabled ${IDLE_MS / 1000} s after listening`,
    median(telegramRss),
    "MB",
    {
      baseline: { name: "idle RSS", value: median(rss) },
      target: { max: 90 },
    },
  );

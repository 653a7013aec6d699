/**
 * Idle gateway RSS with 10,000 cron jobs loaded vs with one: each gateway starts in its own
 * child process (so one's memory cannot hide in the other's), on a state dir filled beforehand,
 * and reports its RSS after a full GC once cron has started; the medians of five runs per side are
 * compared. Target: at most +15 MB. The baseline has one job, not none: reading the first stored
 * job loads the schema checker (typebox/value), a one-off cost that is not the jobs' memory.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { report } from "@claw/bench-harness";
import { validateConfig } from "@claw/config";
import { createCronService, openCronStore } from "@claw/cron";
import { createFauxProvider } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { startClaw } from "../src/index.js";

const JOBS = 10_000;
/** Child processes per side; the medians are compared. */
const RUNS = 5;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const SUITE = "gateway idle RSS with cron jobs";

async function child(stateDir: string): Promise<void> {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const faux = createFauxProvider([], { provider: "faux" });
  const checked = validateConfig({ agents: { defaults: { model: "faux/faux-1" } } });
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const gateway = await startClaw({
    config: checked.config,
    stateDir,
    configPath: join(stateDir, "claw.json"),
    homeDir: stateDir,
    env: {},
    port: 0,
    models: [faux.model],
    stream: faux.stream,
    watchSkills: false,
    watchConfig: false,
  });
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  process.stdout.write(`${JSON.stringify({ rssMb: process.memoryUsage().rss / 2 ** 20 })}\n`);
  await gateway.close();
}

function fill(stateDir: string, jobs: number): void {
  mkdirSync(stateDir, { recursive: true });
  const db = openSqliteDatabase(join(stateDir, "state.db"));
  db.pragma("journal_mode = WAL");
  const service = createCronService({
    store: openCronStore(db),
    ports: {
      runAgentTurn: async () => ({ status: "ok", text: "" }),
      enqueueSystemEvent: () => {},
      requestHeartbeat: () => {},
      mainSessionKey: () => "agent:main:main",
    },
  });
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < jobs; i++)
      service.add({
        name: `job ${i}`,
        schedule:
          i % 2 === 0
            ? { kind: "every", everyMs: 86_400_000, anchorMs: now + 3_600_000 }
            : { kind: "cron", expr: `${i % 60} ${i % 24} * * *`, tz: "Europe/Berlin" },
        payload: { kind: "agentTurn", message: `job ${i}: summarise the news` },
      });
  })();
  db.close();
}

function measure(stateDir: string): number {
  const run = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, CLAW_CRON_RSS_CHILD: stateDir },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`child failed: ${run.stderr}`);
  const line = run.stdout.trim().split("\n").at(-1) ?? "";
  return (JSON.parse(line) as { rssMb: number }).rssMb;
}

if (process.env.CLAW_CRON_RSS_CHILD) await child(process.env.CLAW_CRON_RSS_CHILD);
else {
  const home = mkdtempSync(join(tmpdir(), "claw-cron-rss-"));
  try {
    fill(join(home, "one"), 1);
    fill(join(home, "many"), JOBS);
    // One child's RSS swings by several MB (which young-generation pages happen to be resident):
    // the median of alternating runs is what the budget is compared on.
    const oneRuns: number[] = [];
    const manyRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      oneRuns.push(measure(join(home, "one")));
      manyRuns.push(measure(join(home, "many")));
    }
    const one = median(oneRuns);
    const many = median(manyRuns);
    report(SUITE, "idle RSS, 1 job (baseline)", one, "MB");
    report(SUITE, `idle RSS, ${JOBS.toLocaleString("en-US")} jobs`, many, "MB", {
      baseline: { name: "1 job", value: one },
    });
    report(SUITE, `RSS growth for ${JOBS.toLocaleString("en-US")} jobs`, many - one, "MB", {
      target: { max: 15 },
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

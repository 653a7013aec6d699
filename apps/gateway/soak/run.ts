/**
 * `pnpm soak`: the full SIGKILL durability loop against the real gateway process — burst, then
 * paced (each ≥ 5 rounds, 20 sessions by default). Prints a table, writes
 * bench/results/soak-durability.json, exits 1 when an acknowledged message was lost or duplicated.
 * Options: `--rounds N --sessions N --per-session N --kill-after-ms N`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type KillLoopReport, runKillLoop } from "./kill-loop.js";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "8" },
    sessions: { type: "string", default: "20" },
    "per-session": { type: "string", default: "10" },
    "kill-after-ms": { type: "string", default: "80" },
  },
});
const common = {
  rounds: Number(values.rounds),
  sessions: Number(values.sessions),
  perSession: Number(values["per-session"]),
  killAfterMs: Number(values["kill-after-ms"]),
  log: (line: string) => process.stdout.write(`  ${line}\n`),
};
const results: (KillLoopReport & { mode: string; seconds: number })[] = [];
for (const mode of ["burst", "paced"] as const) {
  process.stdout.write(`${mode}:\n`);
  const started = Date.now();
  const report = await runKillLoop({ ...common, mode, paceMs: 25 });
  results.push({ ...report, mode, seconds: Math.round((Date.now() - started) / 1000) });
}
console.table(
  results.map((r) => ({
    mode: r.mode,
    rounds: r.rounds,
    sent: r.sent,
    acknowledged: r.acknowledged,
    missing: r.missing.length,
    duplicated: r.duplicated.length,
    interrupted: r.interrupted,
    unreadable: r.unreadable.length,
    seconds: r.seconds,
  })),
);
const out = join(dirname(fileURLToPath(import.meta.url)), "../../../bench/results/soak-durability.json");
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), options: { ...common, log: undefined }, results }, null, 2)}\n`,
);
const failed = results.some((r) => r.missing.length + r.duplicated.length + r.unreadable.length > 0);
process.exit(failed ? 1 : 0);

/**
 * `pnpm bench`: runs every `bench/NAME.bench.ts` file of every package and app in
 * its own process, prints one table and writes bench/results/latest.json.
 * Pass a substring to run only matching files: `pnpm bench failover`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchRow } from "./harness.js";
import { formatRow } from "./harness.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const filter = process.argv[2] ?? "";

function benchFiles(): string[] {
  const files: string[] = [];
  for (const group of ["packages", "apps"]) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const pkg of readdirSync(groupDir)) {
      const dir = join(groupDir, pkg, "bench");
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)) if (file.endsWith(".bench.ts")) files.push(join(dir, file));
    }
  }
  return files.filter((f) => relative(root, f).includes(filter)).sort();
}

const resultsDir = join(root, "bench/results");
mkdirSync(resultsDir, { recursive: true });
const rows: BenchRow[] = [];
const failures: string[] = [];
for (const file of benchFiles()) {
  const out = join(resultsDir, `.partial-${process.pid}.jsonl`);
  rmSync(out, { force: true });
  process.stderr.write(`bench: ${relative(root, file)}\n`);
  const tsx = join(root, "node_modules/.bin/tsx");
  const run = spawnSync(tsx, ["--conditions=@claw/source", file], {
    cwd: dirname(dirname(file)),
    env: { ...process.env, CLAW_BENCH_OUT: out, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (run.status !== 0) failures.push(`${relative(root, file)} exited ${run.status ?? run.signal}`);
  if (existsSync(out)) {
    for (const line of readFileSync(out, "utf8").split("\n"))
      if (line.trim()) rows.push(JSON.parse(line) as BenchRow);
    rmSync(out, { force: true });
  }
}

const header = ["suite", "name", "median", "p99", "ratio", "target"].join("\t");
const lines = [header, ...rows.map(formatRow)];
const widths = header
  .split("\t")
  .map((_, col) => Math.max(...lines.map((l) => (l.split("\t")[col] ?? "").length)));
console.log(
  lines
    .map((l) =>
      l
        .split("\t")
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join("  "),
    )
    .join("\n"),
);
writeFileSync(
  join(resultsDir, "latest.json"),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows, failures }, null, 2)}\n`,
);
const missed = rows.filter((r) => r.pass === false);
if (missed.length > 0)
  console.log(`\n${missed.length} target(s) missed: ${missed.map((r) => r.name).join(", ")}`);
if (failures.length > 0) {
  console.error(`\nbench files that failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}

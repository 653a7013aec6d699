/**
 * `claw --help` and `claw --version` wall time against a bare `node -e 0` started the same way,
 * `claw status --json` against a running gateway (started here with `claw gateway run --port 0`),
 * plus the peak RSS of `claw --help`. Runs against the built dist (`pnpm bench` builds first).
 * Targets: `--help` and `--version` within 2× of bare Node, `status --json` within 4×, RSS ≤ 60 MB.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { report } from "@claw/bench-harness";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(appDir, "bin", "claw.js");
if (!existsSync(join(appDir, "dist", "main.js")))
  throw new Error("apps/cli/dist is missing: run `pnpm build` (pnpm bench does)");

// An empty home so `config validate` measures the no-file path, whoever runs the bench.
const benchHome = mkdtempSync(join(tmpdir(), "claw-bench-"));
const env = { ...process.env, NO_COLOR: "1", HOME: benchHome, CLAW_STATE_DIR: join(benchHome, ".claw") };
function node(args: string[]): string {
  const result = spawnSync(process.execPath, args, { cwd: appDir, encoding: "utf8", env });
  if (result.status !== 0)
    throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result.stderr;
}

// Interleaved rounds (bare node, --help, --version, bare node, …) so load from other processes on
// a shared machine hits the baseline and the cases alike; medians are compared as ratios.
const ROUNDS = 40;
const timings: Record<"base" | "help" | "version" | "validate" | "status", number[]> = {
  base: [],
  help: [],
  version: [],
  validate: [],
  status: [],
};
// A real gateway for `claw status --json`, on a free port, in its own process.
const gateway = spawn(process.execPath, [bin, "gateway", "run", "--port", "0"], { cwd: appDir, env });
await new Promise<void>((resolve, reject) => {
  let out = "";
  gateway.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes("listening on")) resolve();
  });
  gateway.once("exit", (code) => reject(new Error(`claw gateway run exited ${code}`)));
});
const timed = (args: string[]) => {
  const t0 = performance.now();
  node(args);
  return performance.now() - t0;
};
for (let i = 0; i < 3; i++) timed([bin, "--help"]);
for (let i = 0; i < ROUNDS; i++) {
  timings.base.push(timed(["-e", "0"]));
  timings.help.push(timed([bin, "--help"]));
  timings.version.push(timed([bin, "--version"]));
  timings.validate.push(timed([bin, "config", "validate"]));
  timings.status.push(timed([bin, "status", "--json"]));
}
gateway.kill("SIGTERM");
await new Promise((resolve) => gateway.once("exit", resolve));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const base = median(timings.base);
report("cli startup", "node -e 0 (baseline)", base, "ms");
report("cli startup", "claw --help", median(timings.help), "ms", {
  baseline: { name: "node -e 0", value: base },
  target: { maxRatio: 2.0 },
});
report("cli startup", "claw --version", median(timings.version), "ms", {
  baseline: { name: "node -e 0", value: base },
  target: { maxRatio: 2.0 },
});
// Informational: what the first real command costs once it loads @claw/config (TypeBox, JSON5).
report("cli startup", "claw config validate", median(timings.validate), "ms", {
  baseline: { name: "node -e 0", value: base },
});

report("cli startup", "claw status --json (running gateway)", median(timings.status), "ms", {
  baseline: { name: "node -e 0", value: base },
  target: { maxRatio: 4.0 },
});

// Peak RSS in KiB, reported by the child itself just before it exits.
const RSS_PROBE =
  "data:text/javascript,process.on('exit',()=>process.stderr.write('RSS='+process.resourceUsage().maxRSS))";
function peakRssMiB(args: string[]): number {
  const samples = Array.from({ length: 5 }, () =>
    Number(/RSS=(\d+)/.exec(node(["--import", RSS_PROBE, ...args]))?.[1]),
  );
  return samples.sort((a, b) => a - b)[2] ?? Number.NaN;
}
const baseRss = peakRssMiB(["-e", "0"]) / 1024;
report("cli startup", "node -e 0 peak RSS", baseRss, "MiB");
report("cli startup", "claw --help peak RSS", peakRssMiB([bin, "--help"]) / 1024, "MiB", {
  baseline: { name: "node -e 0", value: baseRss },
  target: { max: 60 },
});
rmSync(benchHome, { recursive: true, force: true });

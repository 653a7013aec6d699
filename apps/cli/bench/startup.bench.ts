/**
 * `claw --help` and `claw --version` wall time against a bare `node -e 0` started the same way,
 * plus the peak RSS of `claw --help`. Runs against the built dist (`pnpm bench` builds first).
 * Target: `--help` within 2.0× of bare Node.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { report, suite } from "@claw/bench-harness";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(appDir, "bin", "claw.js");
if (!existsSync(join(appDir, "dist", "main.js")))
  throw new Error("apps/cli/dist is missing: run `pnpm build` (pnpm bench does)");

function node(args: string[]): string {
  const result = spawnSync(process.execPath, args, {
    cwd: appDir,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (result.status !== 0)
    throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return result.stderr;
}

const options = { minSamples: 25, minTimeMs: 1000, warmup: 3 };
await suite("cli startup", {
  ...options,
  baseline: { name: "node -e 0", fn: () => node(["-e", "0"]) },
  cases: [
    { name: "claw --help", fn: () => node([bin, "--help"]), target: { maxRatio: 2.0 } },
    { name: "claw --version", fn: () => node([bin, "--version"]), target: { maxRatio: 2.0 } },
  ],
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
  target: { max: 50 },
});

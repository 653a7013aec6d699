#!/usr/bin/env node
// `pnpm soak:openclaw` (opt-in, needs the npm registry once): installs the pinned OpenClaw CLI and
// Node 24 into .tools/, then runs apps/gateway/bench/openclaw-cli.soak.ts on Node 24. That starts
// Claw's gateway with a fake OpenAI-compatible provider and drives it with the real `openclaw`
// CLI (agent, gateway call, status, tui), printing a pass list.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode24 } from "./node24.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The OpenClaw release the issue was measured with. */
const OPENCLAW_VERSION = "2026.9.6";
const openclawDir = join(root, ".tools", `openclaw-${OPENCLAW_VERSION}`);
const openclawBin = join(openclawDir, "node_modules", "openclaw", "openclaw.mjs");

const node24 = ensureNode24();
if (!existsSync(openclawBin)) {
  console.error(`• installing openclaw@${OPENCLAW_VERSION} into .tools/ (one time)`);
  // Install scripts are skipped: the CLI needs none of its optional native helpers for these calls.
  const install = spawnSync(
    "npm",
    [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--prefix",
      openclawDir,
      `openclaw@${OPENCLAW_VERSION}`,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const soak = join(root, "apps/gateway/bench/openclaw-cli.soak.ts");
const run = spawnSync(node24, ["--conditions=@claw/source", "--import", "tsx", soak], {
  cwd: join(root, "apps/gateway"),
  env: { ...process.env, OPENCLAW_BIN: openclawBin, CLAW_NODE24: node24 },
  stdio: "inherit",
});
process.exit(run.status ?? 1);

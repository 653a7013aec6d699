// The Node 24 binary for CI, the Node 24 soak and the OpenClaw check: the `node` npm package
// (version pinned below) installed into .tools/node24 with npm, so only the npm registry is needed.
// Usage: node scripts/node24.mjs   → prints the binary's path (installing it on first use).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The Node 24 release CI and the soaks run on (OpenClaw needs Node ≥ 24.16). */
export const NODE24_VERSION = "24.21.0";
export const NODE24_DIR = join(root, ".tools", "node24");

/** Path of the Node 24 binary, installed from the npm registry into .tools/node24 when missing. */
export function ensureNode24() {
  const bin = join(
    NODE24_DIR,
    "node_modules",
    "node",
    "bin",
    process.platform === "win32" ? "node.exe" : "node",
  );
  if (existsSync(bin) && probeVersion(bin) === `v${NODE24_VERSION}`) return bin;
  console.error(`• installing node@${NODE24_VERSION} into .tools/node24 (one time)`);
  const install = spawnSync(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", NODE24_DIR, `node@${NODE24_VERSION}`],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (install.status !== 0)
    throw new Error(`npm install node@${NODE24_VERSION} failed (exit ${install.status})`);
  const version = probeVersion(bin);
  if (version !== `v${NODE24_VERSION}`)
    throw new Error(`node@${NODE24_VERSION} installed but ${bin} reports ${version ?? "nothing"}`);
  return bin;
}

function probeVersion(bin) {
  const probe = spawnSync(bin, ["--version"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ensureNode24());

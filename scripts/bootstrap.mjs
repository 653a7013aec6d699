#!/usr/bin/env node
// The README's two commands run through here: `npm start` and `npm test`.
// It needs only Node and npm: it fetches the pinned pnpm when missing, installs the workspace
// (a no-op when nothing changed), builds what the job needs (turbo-cached), then runs the job.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureNode24 } from "./node24.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PNPM_VERSION = "12.21.0";
const job = process.argv[2] ?? "start";
const env = { ...process.env };
// node-gyp under pnpm ignores ~/.npmrc's nodedir; native modules (better-sqlite3) build from
// the headers Node's Debian package ships.
if (!env.npm_config_nodedir && existsSync("/usr/include/node/node.h")) env.npm_config_nodedir = "/usr";
env.PATH = [join(root, ".tools/node_modules/.bin"), join(root, "node_modules/.bin"), env.PATH].join(
  delimiter,
);

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(cmd, args) {
  const status = run(cmd, args);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(" ")} failed (exit ${status})`);
    process.exit(status);
  }
}

function hasPnpm() {
  const probe = spawnSync("pnpm", ["--version"], { env, encoding: "utf8" });
  return probe.status === 0 && probe.stdout.trim().startsWith("12.");
}

if (!hasPnpm()) {
  console.error(`• installing pnpm ${PNPM_VERSION} into .tools/ (one time)`);
  must("npm", ["install", "--no-save", "--prefix", join(root, ".tools"), `pnpm@${PNPM_VERSION}`]);
}

must("pnpm", ["install", "--frozen-lockfile", "--prefer-offline", "--reporter=silent"]);

/**
 * Some tests need a system tool: bwrap for the exec sandbox, Chromium for the browser tool and the
 * Control UI. As root with apt-get we install what is missing; otherwise those tests skip and say why.
 */
function ensureSystemTool(binary, debianPackage, purpose) {
  if (process.platform !== "linux" || spawnSync(binary, ["--version"], { env }).status === 0) return;
  const canInstall = process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { env }).status === 0;
  if (!canInstall) {
    console.error(`• ${binary} is missing and cannot be installed here: ${purpose} will be skipped`);
    return;
  }
  console.error(`• installing ${debianPackage} for ${purpose} (apt-get install -y ${debianPackage})`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  if (run("apt-get", ["install", "-y", debianPackage], { env: aptEnv }) !== 0) {
    run("apt-get", ["update"], { env: aptEnv });
    if (run("apt-get", ["install", "-y", debianPackage], { env: aptEnv }) !== 0)
      console.error(`• installing ${debianPackage} failed: ${purpose} will be skipped`);
  }
}

/**
 * The whole suite once more on Node 24 (the `node` npm package, so the npm registry is enough),
 * with `node` on PATH being 24 too, so spawned processes run on it. Native modules need no
 * build: better-sqlite3 13 ships prebuilt Node-API binaries, @claw/sqlite picks it on Node 24.
 */
function testOnNode24() {
  if (Number(process.versions.node.split(".")[0]) >= 24) return;
  const node24 = ensureNode24();
  console.error(`• the test suite on Node 24 (${node24})`);
  const env24 = { ...env, PATH: [dirname(node24), env.PATH].join(delimiter) };
  const status = run(node24, [join(root, "node_modules/vitest/vitest.mjs"), "run"], { env: env24 });
  if (status !== 0) {
    console.error(`\n✖ the test suite failed on Node 24 (exit ${status})`);
    process.exit(status);
  }
}

const claw = ["apps/cli/bin/claw.js"];
switch (job) {
  case "start": {
    must("pnpm", ["exec", "turbo", "run", "build", "--filter=@claw/cli...", "--output-logs=errors-only"]);
    must("node", [...claw, "config", "validate"]);
    // Start the gateway once (a running one is reused), then talk to it.
    if (run("node", [...claw, "gateway", "status"], { stdio: "ignore" }) !== 0) {
      must("node", [...claw, "gateway", "run", "--detach"]);
    }
    const interactive = process.stdin.isTTY && process.stdout.isTTY && !process.env.CI;
    if (interactive) process.exit(run("node", [...claw, "tui"]));
    must("node", [...claw, "status"]);
    console.log(
      '\nThe gateway is running. Talk to it: `node apps/cli/bin/claw.js tui` or `node apps/cli/bin/claw.js agent -m "hello"`;',
    );
    console.log(
      "set up a provider key first with `node apps/cli/bin/claw.js onboard`. Stop it with `node apps/cli/bin/claw.js gateway stop`.",
    );
    break;
  }
  case "test":
    // The repository must be self-contained: no test or script may read ../shared or another machine's paths.
    must("node", ["scripts/check-outside-paths.mjs"]);
    ensureSystemTool("bwrap", "bubblewrap", "the sandbox tests");
    ensureSystemTool("chromium", "chromium", "the browser and Control UI tests");
    must("pnpm", ["run", "lint"]);
    must("pnpm", ["exec", "turbo", "run", "typecheck", "--output-logs=errors-only"]);
    must("pnpm", ["exec", "turbo", "run", "build", "--output-logs=errors-only"]);
    must("pnpm", ["exec", "vitest", "run"]);
    testOnNode24();
    // Each published package packed, installed alone with npm, imported and type-checked.
    must("node", ["scripts/check-packaging.mjs"]);
    break;
  default:
    console.error(`bootstrap: unknown job "${job}" (expected start or test)`);
    process.exit(2);
}

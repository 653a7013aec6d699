#!/usr/bin/env node
// Packaging check (run by `npm test` after the build): packs the published packages the way npm
// would see them, installs each alone into an empty folder with npm, imports it from plain Node
// ESM, type-checks a consumer file with `skipLibCheck: false`, asserts that the policy packages
// install no LLM SDK and no LanceDB, and prints each install's size.
// Usage: node scripts/check-packaging.mjs [@claw/name ...]   (default: every checked package)
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const HEAVY = ["@anthropic-ai/sdk", "openai", "@google/genai", "ollama", "@lancedb/lancedb", "apache-arrow"];
const MB = 1024 * 1024;

/**
 * The packages checked. `light` ones (L2 policy packages) must install none of HEAVY and stay
 * under `budgetMb`. @claw/providers' tool contract names no schema library, so failover installs
 * no typebox (~1.9 MB); memory and compaction still use it for their own schemas.
 * `smoke` runs in the installed folder after the import succeeded.
 */
const TARGETS = [
  { name: "@claw/ids", light: true, budgetMb: 1 },
  {
    name: "@claw/sqlite",
    light: true,
    // Both drivers: 13 with prebuilt binaries for 4 platforms (~27 MB), 12 as sources (40.2 MB measured).
    budgetMb: 45,
    // Scripts are off here, so only 13's prebuilt Node-API binary can load (Node 22.14+ / 24).
    smoke: `
      import { openSqliteDatabase, sqliteDriverFor } from "@claw/sqlite";
      const choice = sqliteDriverFor(Number(process.versions.napi));
      if (choice.major === 13) {
        const db = openSqliteDatabase(":memory:");
        if (db.prepare("SELECT 41 + 1 AS n").get().n !== 42) throw new Error("sqlite answered wrong");
        db.close();
      }
    `,
  },
  { name: "@claw/failover", light: true, budgetMb: 2 },
  { name: "@claw/tool-policy", light: true, budgetMb: 1 },
  { name: "@claw/compaction", light: true, budgetMb: 30 },
  { name: "@claw/prompt", light: true, budgetMb: 5 },
  {
    name: "@claw/memory",
    light: true,
    // @claw/sqlite is ~40 MB of it (better-sqlite3 13's prebuilt binaries and 12's sources).
    budgetMb: 50,
    // LanceDB is an optional peer: choosing the backend without it must name what to install.
    smoke: `
      import { mkdtempSync } from "node:fs";
      import { availableParallelism, tmpdir } from "node:os";
      import { join } from "node:path";
      import { openMemoryIndex } from "@claw/memory";
      const dir = mkdtempSync(join(tmpdir(), "claw-mem-"));
      const error = await openMemoryIndex({ workspaceDir: dir, dbPath: join(dir, "lance"), backend: "lancedb" })
        .then(() => undefined, (e) => e);
      if (!String(error?.message).includes("npm install @lancedb/lancedb apache-arrow"))
        throw new Error("expected a missing-LanceDB error naming the install, got: " + error);
    `,
  },
  { name: "@claw/channels", light: true, budgetMb: 1 },
  { name: "@claw/cron", light: true, budgetMb: 4 },
  { name: "@claw/agent-core", light: false },
];

const packageDirs = new Map(
  ["packages", "apps"].flatMap((group) =>
    readdirSync(join(root, group))
      .map((dir) => join(root, group, dir))
      .filter((dir) => existsSync(join(dir, "package.json")))
      .map((dir) => [readJson(join(dir, "package.json")).name, dir]),
  ),
);

function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  if (result.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `run` without blocking, so two consumers install and type-check at once. */
function runAsync(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${output}`)),
    );
  });
}

/** The package and every workspace package it depends on at run time (they are not on the registry). */
function workspaceClosure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const deps = readJson(join(packageDirs.get(name), "package.json")).dependencies ?? {};
  for (const dep of Object.keys(deps)) if (packageDirs.has(dep)) workspaceClosure(dep, seen);
  return seen;
}

const tarballs = new Map();
function pack(name, into) {
  if (tarballs.has(name)) return tarballs.get(name);
  const dir = packageDirs.get(name);
  if (!existsSync(join(dir, "dist"))) throw new Error(`${name} is not built: run \`pnpm build\` first`);
  const before = new Set(readdirSync(into));
  run("pnpm", ["pack", "--pack-destination", into], dir);
  const file = readdirSync(into).find((f) => !before.has(f) && f.endsWith(".tgz"));
  if (!file) throw new Error(`pnpm pack produced no tarball for ${name}`);
  const tarball = join(into, file);
  const listing = run("tar", ["-tzf", tarball], into);
  if (!listing.split("\n").includes("package/LICENSE"))
    throw new Error(`${name}: the tarball has no LICENSE`);
  const manifest = run("tar", ["-xzOf", tarball, "package/package.json"], into);
  if (manifest.includes("workspace:"))
    throw new Error(`${name}: the packed package.json still says workspace:`);
  tarballs.set(name, tarball);
  return tarball;
}

function sizeOf(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else if (entry.isFile()) total += readFileSync(full).byteLength;
  }
  return total;
}

/** Top-level installed package names, scoped ones included. */
function installedPackages(modules) {
  return readdirSync(modules)
    .filter((name) => !name.startsWith("."))
    .flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(modules, name)).map((n) => `${name}/${n}`) : [name],
    );
}

async function checkOne(target, work) {
  const started = Date.now();
  const dir = join(work, target.name.replace("@claw/", "consumer-"));
  mkdirSync(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  const files = [...workspaceClosure(target.name)].map((name) => tarballs.get(name));
  // Scripts off: native modules (better-sqlite3) would build or download binaries from outside
  // the registry; importing and type-checking does not need them.
  await runAsync(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", ...files],
    dir,
  );

  const modules = join(dir, "node_modules");
  const installed = installedPackages(modules);
  const heavy = HEAVY.filter((name) => installed.includes(name));
  if (target.light && heavy.length > 0)
    throw new Error(
      `${target.name} installs ${heavy.join(", ")}: LLM SDKs and LanceDB must be optional peers`,
    );

  writeFileSync(
    join(dir, "smoke.mjs"),
    `import * as api from "${target.name}";\nif (Object.keys(api).length === 0) throw new Error("no exports");\n${target.smoke ?? ""}`,
  );
  await runAsync(process.execPath, ["smoke.mjs"], dir);

  writeFileSync(
    join(dir, "consumer.ts"),
    `import * as api from "${target.name}";\nexport const exported: readonly string[] = Object.keys(api);\n`,
  );
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ["node"],
        typeRoots: [join(root, "node_modules/@types")],
      },
      files: ["consumer.ts"],
    }),
  );
  await runAsync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"],
    dir,
  );

  const bytes = sizeOf(modules);
  if (target.budgetMb !== undefined && bytes > target.budgetMb * MB)
    throw new Error(
      `${target.name} installs ${(bytes / MB).toFixed(1)} MB, over its ${target.budgetMb} MB budget`,
    );
  return { name: target.name, bytes, packages: installed.length, seconds: (Date.now() - started) / 1000 };
}

const only = process.argv.slice(2);
const targets = only.length > 0 ? TARGETS.filter((t) => only.includes(t.name)) : TARGETS;
const work = mkdtempSync(join(tmpdir(), "claw-packaging-"));
mkdirSync(join(work, "tarballs"));
let failed = false;
try {
  for (const target of targets)
    for (const name of workspaceClosure(target.name)) pack(name, join(work, "tarballs"));
  const rows = [];
  const queue = [...targets];
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      try {
        rows.push(await checkOne(target, work));
      } catch (error) {
        failed = true;
        console.error(`✖ ${target.name}: ${error instanceof Error ? error.message : error}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism()) }, worker));
  console.log("package              install size   packages   time");
  for (const row of rows.sort((a, b) => a.name.localeCompare(b.name)))
    console.log(
      `${row.name.padEnd(20)} ${`${(row.bytes / MB).toFixed(2)} MB`.padStart(12)} ${String(row.packages).padStart(10)} ${`${row.seconds.toFixed(1)} s`.padStart(7)}`,
    );
} catch (error) {
  failed = true;
  console.error(`✖ packaging: ${error instanceof Error ? error.message : error}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log(
  "✓ packaging: packed, installed alone, imported from Node ESM, types checked (skipLibCheck false)",
);

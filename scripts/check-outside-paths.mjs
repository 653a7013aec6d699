#!/usr/bin/env node
// Fails when a source, test, script or config in the repository reads a path outside it, so a
// fresh clone with nothing beside it passes `npm test`. Run by `npm test` (scripts/bootstrap.mjs).
// Recorded data the tests need lives in fixtures/ (see fixtures/README.md).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const SKIPPED_DIRS = new Set(["node_modules", "dist", ".git", ".turbo", ".tools", "coverage", "fixtures"]);
const CODE_FILE = /\.(?:[cm]?[jt]sx?)$/;
const CONFIG_FILE = /^(?:package|tsconfig(?:\.[\w-]+)?|turbo|biome)\.json$/;
const SHELL_FILE = /(?:\.sh|^run)$/;
// Files whose relative paths are relative to a package folder, not to the file itself: turbo's
// per-package task inputs, and the files new-package.mjs writes into packages/NAME/.
const PACKAGE_RELATIVE = new Set(["turbo.json", "scripts/new-package.mjs"]);
// Places every machine has: tests may use them (temp dirs, /dev/null, system binaries).
const SYSTEM_ROOTS = [
  "/tmp",
  "/dev",
  "/proc",
  "/sys",
  "/usr",
  "/bin",
  "/sbin",
  "/etc",
  "/lib",
  "/var",
  "/opt",
];

/** Every file the check reads: code, package/tsconfig JSON and shell scripts, outside skipped folders. */
export function listCheckedFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const hidden = entry.name.startsWith(".") && entry.name !== ".ci";
        if (!SKIPPED_DIRS.has(entry.name) && !hidden) walk(join(dir, entry.name));
      } else if (CODE_FILE.test(entry.name) || CONFIG_FILE.test(entry.name) || SHELL_FILE.test(entry.name)) {
        out.push(join(dir, entry.name));
      }
    }
  };
  walk(root);
  return out.sort();
}

/** Lines without comment-only lines: comments may name example paths without reading them. */
function codeLines(text) {
  return text.split("\n").map((line) => {
    const t = line.trimStart();
    return t.startsWith("//") || t.startsWith("*") || t.startsWith("/*") || t.startsWith("#") ? "" : line;
  });
}

const STRING = String.raw`["'\x60]([^"'\x60\n]*)["'\x60]`;
// A path resolved against the file's own location: module specifiers, `new URL(p, import.meta.url)`,
// `join|resolve(<this file's dir>, …)`, a shell script's `$(dirname "$0")/…`, and `cd ..` chains.
const ANCHORED = [
  new RegExp(String.raw`\bfrom\s+${STRING}`, "g"),
  new RegExp(String.raw`\b(?:import|require|vi\.mock|vi\.importActual)\(\s*${STRING}`, "g"),
  new RegExp(String.raw`new URL\(\s*${STRING}\s*,\s*import\.meta\.url`, "g"),
  /\$\(dirname "\$0"\)\/([^\s"')]*)/g,
];
const DIR_ANCHORS = String.raw`(?:__dirname|import\.meta\.dirname|dirname\(\s*fileURLToPath\(\s*import\.meta\.url\s*\)\s*\))`;
const JOINED = new RegExp(String.raw`\b(?:join|resolve)\(\s*${DIR_ANCHORS}\s*((?:,\s*${STRING}\s*)+)\)`, "g");

function anchoredPaths(line) {
  const found = [];
  for (const pattern of ANCHORED) for (const m of line.matchAll(pattern)) found.push(m[1]);
  for (const m of line.matchAll(JOINED)) {
    const parts = [...m[1].matchAll(new RegExp(STRING, "g"))].map((p) => p[1]);
    found.push(parts.join("/"));
  }
  return found.filter((p) => p.startsWith("./") || p.startsWith("../") || p === "..");
}

function isInside(root, path) {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

function isSystemPath(path, roots) {
  return path === "/" || roots.some((r) => path === r || path.startsWith(`${r}/`));
}

/** Absolute path literals naming a real place on this machine outside the repository. */
function machinePaths(root, line, systemRoots) {
  const found = [];
  for (const m of line.matchAll(new RegExp(STRING, "g"))) {
    const literal = m[1].replace(/\$\{[^}]*\}.*$/, "");
    // A top-level folder alone ("/srv", "/home") is example data, not a place anything is read from.
    if (!/^\/[^/]+\/[^/]/.test(literal)) continue;
    const path = resolve(literal);
    if (isSystemPath(path, systemRoots) || isInside(root, path)) continue;
    if (existsSync(path)) found.push(literal);
  }
  return found;
}

/**
 * Problems of one file: `file:line reads <path>, outside the repository`.
 * `systemRoots`: folders every machine has, which tests may use (default: /tmp, /usr, /dev, … and the OS temp dir).
 */
export function checkFile(root, file, { systemRoots = [...SYSTEM_ROOTS, tmpdir()] } = {}) {
  const problems = [];
  const shown = relative(root, file);
  const base = PACKAGE_RELATIVE.has(shown.split(sep).join("/"))
    ? join(root, "packages", "NAME")
    : dirname(file);
  const lines = file.endsWith(".json")
    ? readFileSync(file, "utf8").split("\n")
    : codeLines(readFileSync(file, "utf8"));
  lines.forEach((line, index) => {
    const where = `${shown}:${index + 1}`;
    const relatives = file.endsWith(".json")
      ? [...line.matchAll(new RegExp(STRING, "g"))].map((m) => m[1]).filter((p) => p.startsWith("../"))
      : anchoredPaths(line);
    for (const path of relatives)
      if (!isInside(root, resolve(base, path)))
        problems.push(`${where} reads "${path}", outside the repository`);
    for (const path of machinePaths(root, line, systemRoots))
      problems.push(`${where} names "${path}", a path of this machine outside the repository`);
    if (/\bshared\/reference\b/.test(line))
      problems.push(`${where} reads the shared reference folder; copy what it needs into fixtures/`);
  });
  return problems;
}

/** All problems of the repository at `root` (options as for `checkFile`). */
export function findOutsidePathReads(root, options = {}) {
  return listCheckedFiles(root).flatMap((file) => checkFile(root, file, options));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  if (!statSync(join(root, "package.json")).isFile()) throw new Error(`no package.json at ${root}`);
  const problems = findOutsidePathReads(root);
  if (problems.length > 0) {
    console.error(
      `✖ the repository must be self-contained; move the data into fixtures/:\n  ${problems.join("\n  ")}`,
    );
    process.exit(1);
  }
  console.log("✓ no source, test or script reads a path outside the repository");
}

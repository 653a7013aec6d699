/**
 * The pieces of the exec attack corpus test that are not the gateway: the corpus file read and
 * checked, each case's workspace setup applied and removed, canary secrets and where they leak,
 * and a recorder of every child process the test process starts (so a command that ran is seen
 * even when the exec gate reports that it did not).
 */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";

/** Files and symlinks a case needs in the agent's workspace (paths relative to it). */
export interface CaseSetup {
  files?: Record<string, string>;
  /** Link path → the link's target exactly as written (may point anywhere: that is the attack). */
  symlinks?: Record<string, string>;
}

export interface CorpusCase {
  id: string;
  command: string;
  why?: string;
  setup?: CaseSetup;
}

export interface ExecCorpus {
  /** The ordinary files every case finds in the workspace besides its own setup (path → content). */
  workspace: Record<string, string>;
  attacks: CorpusCase[];
  safe: CorpusCase[];
}

/** Reads and checks a corpus file (`fixtures/exec-attacks.json`); a bad entry names itself. */
export function loadExecCorpus(path: string): ExecCorpus {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new Error(`exec corpus: cannot read ${path} (${(err as Error).message}) — fix the file`);
  }
  return parseExecCorpus(raw, path);
}

export function parseExecCorpus(raw: unknown, where: string): ExecCorpus {
  if (!isBag(raw))
    throw new Error(`exec corpus: ${where} must be an object with "attacks" and "safe" arrays`);
  const seen = new Set<string>();
  const list = (key: "attacks" | "safe") => {
    const value = raw[key];
    if (!Array.isArray(value)) throw new Error(`exec corpus: ${where} needs a "${key}" array`);
    return value.map((entry, i) => {
      const at = `${where} ${key}[${i}]`;
      const parsed = parseCase(entry, at);
      if (seen.has(parsed.id))
        throw new Error(`exec corpus: ${at} repeats the id "${parsed.id}" — ids are unique`);
      seen.add(parsed.id);
      return parsed;
    });
  };
  const workspace = raw.workspace;
  if (!isBag(workspace) || !Object.values(workspace).every((content) => typeof content === "string"))
    throw new Error(`exec corpus: ${where} needs a "workspace" object of file path → text`);
  return { workspace: workspace as Record<string, string>, attacks: list("attacks"), safe: list("safe") };
}

function parseCase(entry: unknown, at: string): CorpusCase {
  if (!isBag(entry) || typeof entry.id !== "string" || entry.id === "")
    throw new Error(`exec corpus: ${at} needs a non-empty string "id"`);
  if (typeof entry.command !== "string" || entry.command === "")
    throw new Error(`exec corpus: ${at} ("${entry.id}") needs a non-empty string "command"`);
  const out: CorpusCase = { id: entry.id, command: entry.command };
  if (typeof entry.why === "string") out.why = entry.why;
  if (entry.setup !== undefined) {
    if (!isBag(entry.setup)) throw new Error(`exec corpus: ${at} ("${entry.id}") "setup" must be an object`);
    const setup: CaseSetup = {};
    for (const key of ["files", "symlinks"] as const) {
      const table = entry.setup[key];
      if (table === undefined) continue;
      if (!isBag(table) || Object.values(table).some((v) => typeof v !== "string"))
        throw new Error(`exec corpus: ${at} ("${entry.id}") setup.${key} must map paths to strings`);
      for (const rel of Object.keys(table)) assertInsideWorkspace(rel, `${at} ("${entry.id}") setup.${key}`);
      setup[key] = table as Record<string, string>;
    }
    out.setup = setup;
  }
  return out;
}

/** Setup paths are written by the test itself, so they may not leave the workspace. */
function assertInsideWorkspace(rel: string, at: string): void {
  const clean = normalize(rel);
  if (rel === "" || isAbsolute(rel) || clean === ".." || clean.startsWith(`..${sep}`))
    throw new Error(`exec corpus: ${at} path "${rel}" leaves the workspace — use a path relative to it`);
}

function isBag(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Applies a case's setup in `workspace` and returns the cleanup: everything at the workspace's
 * top level that was not there before goes, and seeded files the setup overwrote come back.
 */
export function applySetup(workspace: string, setup: CaseSetup | undefined): () => void {
  // An earlier command that wrongly ran may have removed it; the next case still gets one.
  mkdirSync(workspace, { recursive: true });
  const before = new Set(readdirSync(workspace));
  const restore = new Map<string, string>();
  for (const [rel, content] of Object.entries(setup?.files ?? {})) {
    const path = join(workspace, rel);
    if (existsSync(path) && lstatSync(path).isFile()) restore.set(path, readFileSync(path, "utf8"));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  for (const [rel, target] of Object.entries(setup?.symlinks ?? {})) {
    const path = join(workspace, rel);
    mkdirSync(dirname(path), { recursive: true });
    rmSync(path, { force: true });
    symlinkSync(target, path);
  }
  return () => {
    for (const name of readdirSync(workspace))
      if (!before.has(name)) rmSync(join(workspace, name), { recursive: true, force: true });
    for (const [path, content] of restore) writeFileSync(path, content);
  };
}

/** Every file or folder under `root` whose name contains `PWNED` (a case's proof that it ran). */
export function findPwnedMarkers(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.name.includes("PWNED")) found.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

/** A unique secret that must never be printed; its name says where it was planted. */
export function canarySecret(name: string): string {
  return `canary-${name}-${randomBytes(12).toString("hex")}`;
}

/**
 * The secrets (by name) that `text` shows, as written or in a form a safe binary could turn it
 * into (reversed by `rev`, base64, hex).
 */
export function leakedSecrets(text: string, secrets: Readonly<Record<string, string>>): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => secretForms(secret).some((form) => text.includes(form)))
    .map(([name]) => name);
}

/** `text` with every form of every secret replaced by its name, fit to quote in a failure. */
export function redactSecrets(text: string, secrets: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [name, secret] of Object.entries(secrets))
    for (const form of secretForms(secret)) out = out.split(form).join(`<${name}>`);
  return out;
}

function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret);
  return [
    secret,
    [...secret].reverse().join(""),
    bytes.toString("base64").replace(/=+$/, ""),
    bytes.toString("base64url"),
    bytes.toString("hex"),
  ];
}

/** One child process the test process started. */
export interface StartedProcess {
  via: string;
  file: string;
  args: string[];
}

export interface ChildProcessRecorder {
  /** Every process started since the recorder was installed, in order. */
  readonly started: readonly StartedProcess[];
  restore(): void;
}

const SPAWNING = ["spawn", "spawnSync", "execFile", "execFileSync", "exec", "execSync", "fork"] as const;

/**
 * Records every child process started in this process: `node:child_process`'s functions are
 * wrapped and the ES module bindings re-synced, so the gateway's own `import { spawn }` goes
 * through the wrapper. The processes still start for real.
 */
export function recordChildProcesses(): ChildProcessRecorder {
  const childProcess = createRequire(import.meta.url)("node:child_process") as Record<string, unknown>;
  const started: StartedProcess[] = [];
  const originals = new Map<string, unknown>();
  for (const name of SPAWNING) {
    const original = childProcess[name];
    if (typeof original !== "function") continue;
    originals.set(name, original);
    const wrapper = (...args: unknown[]) => {
      started.push({
        via: name,
        file: String(args[0]),
        args: Array.isArray(args[1]) ? args[1].map(String) : [],
      });
      return Reflect.apply(original, childProcess, args);
    };
    Object.defineProperties(wrapper, Object.getOwnPropertyDescriptors(original));
    childProcess[name] = wrapper;
  }
  syncBuiltinESMExports();
  return {
    started,
    restore() {
      for (const [name, original] of originals) childProcess[name] = original;
      syncBuiltinESMExports();
    },
  };
}

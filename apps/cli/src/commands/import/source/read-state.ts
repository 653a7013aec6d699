/**
 * Reads a whole OpenClaw state folder into one `OpenClawState`, from either layout, rebasing
 * absolute paths when the folder has moved. Nothing in the folder is written or locked.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { parseJson5 } from "@claw/config";
import { CliError } from "../../../context.js";
import { readFileCredentials, readFileCronJobs, readFileSessions } from "./file-state.js";
import { absolutePathsIn, createPathRebase, findOldRoot, type PathRebase, rebaseDeep } from "./paths.js";
import {
  createSnapshotReader,
  findAgentDatabases,
  readAgentSessions,
  readAuthStore,
  readCronJobs,
  STATE_DB,
} from "./sqlite-state.js";
import { isRecord, type OpenClawState } from "./types.js";

const CONFIG_FILE = "openclaw.json";

function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(over))
    out[key] = isRecord(value) && isRecord(out[key]) ? mergeDeep(out[key], value) : value;
  return out;
}

/** `$include` (a path or list, relative to the including file) merged under the file's own keys. */
function expandIncludes(value: unknown, file: string, rebase: PathRebase, depth = 0): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    if (key !== "$include") out[key] = expandIncludes(child, file, rebase, depth);
  const include = value.$include;
  if (include === undefined) return out;
  if (depth > 8) throw new CliError(`${file}: $include nests deeper than 8 files (a cycle?)`);
  let merged: Record<string, unknown> = {};
  for (const entry of Array.isArray(include) ? include : [include]) {
    if (typeof entry !== "string") continue;
    const path = rebase.apply(isAbsolute(entry) ? entry : resolve(dirname(file), entry));
    if (!existsSync(path))
      throw new CliError(`${file}: $include "${entry}" not found (looked at ${path})`, {
        hint: "copy the included file next to openclaw.json, or remove the $include",
      });
    const included = expandIncludes(parseJson5(readFileSync(path, "utf8"), path), path, rebase, depth + 1);
    if (isRecord(included)) merged = mergeDeep(merged, included);
  }
  return mergeDeep(merged, out);
}

/**
 * @example
 * const state = readOpenClawState("/home/me/.openclaw");
 * state.sessions.length; // every session of every agent
 */
export function readOpenClawState(folder: string): OpenClawState {
  const root = resolve(folder);
  const configFile = join(root, CONFIG_FILE);
  const hasStateDb = existsSync(join(root, STATE_DB));
  if (!existsSync(configFile) && !hasStateDb && !existsSync(join(root, "agents")))
    throw new CliError(
      `${root} does not look like an OpenClaw folder (no ${CONFIG_FILE}, state/ or agents/)`,
      {
        hint: "point --from at the folder holding openclaw.json (default ~/.openclaw)",
      },
    );
  const warnings: string[] = [];
  const raw = existsSync(configFile) ? parseJson5(readFileSync(configFile, "utf8"), configFile) : {};
  const rebase = createPathRebase(root, findOldRoot(absolutePathsIn(raw), root));
  const expanded = expandIncludes(raw, configFile, rebase);
  const config = rebaseDeep(isRecord(expanded) ? expanded : {}, rebase);
  const cronStore =
    isRecord(config.cron) && typeof config.cron.store === "string"
      ? rebase.apply(config.cron.store)
      : join(root, "cron", "jobs.json");

  const state: OpenClawState = {
    root,
    oldRoot: rebase.oldRoot,
    layout: hasStateDb ? "sqlite-2026.9" : "jsonl",
    config,
    configPath: existsSync(configFile) ? configFile : undefined,
    sessions: readFileSessions(root, warnings).map((session) => rebaseDeep(session, rebase)),
    cronJobs: readFileCronJobs(cronStore, warnings),
    credentials: readFileCredentials(root, warnings),
    warnings,
  };
  if (!hasStateDb) return state;

  const snapshots = createSnapshotReader();
  try {
    readDatabases(state, snapshots, rebase, warnings);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot read OpenClaw's databases in ${root}: ${(error as Error).message}`, {
      hint: "check that the folder is a complete copy (the state/ and agents/*/agent/ .sqlite files)",
    });
  } finally {
    snapshots.close();
  }
  return state;
}

function readDatabases(
  state: OpenClawState,
  snapshots: ReturnType<typeof createSnapshotReader>,
  rebase: PathRebase,
  warnings: string[],
): void {
  const { root } = state;
  const stateDb = snapshots.open(join(root, STATE_DB));
  const byId = new Set(state.cronJobs.map((j) => j.id));
  state.cronJobs.push(...readCronJobs(stateDb, warnings).filter((j) => !byId.has(j.id)));
  const shared = readAuthStore(stateDb, warnings);
  if (Object.keys(shared).length > 0) state.credentials["*"] = shared;
  const seen = new Set(state.sessions.map((s) => s.sessionKey));
  for (const [agentId, path] of findAgentDatabases(root, stateDb)) {
    const db = snapshots.open(path);
    for (const session of readAgentSessions(db, agentId, warnings))
      if (!seen.has(session.sessionKey)) state.sessions.push(rebaseDeep(session, rebase));
    const own = readAuthStore(db, warnings);
    if (Object.keys(own).length > 0) state.credentials[agentId] = { ...state.credentials[agentId], ...own };
  }
}

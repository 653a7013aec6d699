/**
 * Claw called the agent of a config without `agents.list` `default`; it is now `main`, as in
 * OpenClaw. An install from before kept its sessions under `agent:default:…` keys and its
 * transcripts and credentials in `<stateDir>/agents/default/`, which the renamed agent no longer
 * sees. This moves them to `main` once, before any store opens.
 *
 * Crash-safe by order: the index rows are rewritten in one transaction first, then the files
 * move. Each step is idempotent, so a crash in between finishes on the next start. Nothing is
 * overwritten: a key or file that already exists under `main` keeps the legacy one where it is
 * (the row still moves to the `main` agent under its old key, so it stays listed and openable).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { type ClawConfig, resolveDefaultAgentId } from "@claw/config";
import { DEFAULT_AGENT_ID, LEGACY_DEFAULT_AGENT_ID } from "@claw/ids";
import type { SqliteDatabase } from "@claw/sqlite";

export interface LegacyAgentMigration {
  /** Sessions now keyed `agent:main:…` (were `agent:default:…`). */
  rekeyed: number;
  /** Sessions that kept their `agent:default:…` key because the `main` key was taken. */
  keptKey: number;
  /** Queued (accepted, not yet run) messages moved to the new keys. */
  queued: number;
  /** Files and folders moved from `agents/default/` (relative paths). */
  moved: string[];
  /** Files left in `agents/default/` because `main` already has one of that name. */
  conflicts: string[];
}

const LEGACY_PREFIX = `agent:${LEGACY_DEFAULT_AGENT_ID}:`;
const CURRENT_PREFIX = `agent:${DEFAULT_AGENT_ID}:`;

/** Whether this config's default agent is the one that used to be called `default`. */
function appliesTo(config: ClawConfig): boolean {
  const listed = config.agents.list ?? [];
  if (listed.some((agent) => agent.id.toLowerCase() === LEGACY_DEFAULT_AGENT_ID)) return false;
  return resolveDefaultAgentId(config) === DEFAULT_AGENT_ID;
}

function hasTable(db: SqliteDatabase, name: string): boolean {
  return (
    db
      .prepare<[string], { name: string }>("SELECT name FROM sqlite_master WHERE type='table' AND name=?")
      .get(name) !== undefined
  );
}

function rekeySessions(db: SqliteDatabase): Pick<LegacyAgentMigration, "rekeyed" | "keptKey" | "queued"> {
  const counts = { rekeyed: 0, keptKey: 0, queued: 0 };
  const hasSessions = hasTable(db, "sessions");
  const hasInbox = hasTable(db, "run_inbox");
  if (!hasSessions && !hasInbox) return counts;
  db.transaction(() => {
    if (hasSessions) {
      const rows = db
        .prepare<[string, number, string], { session_key: string }>(
          "SELECT session_key FROM sessions WHERE agent_id = ? OR substr(session_key, 1, ?) = ?",
        )
        .all(LEGACY_DEFAULT_AGENT_ID, LEGACY_PREFIX.length, LEGACY_PREFIX);
      const taken = db.prepare<[string], { n: number }>("SELECT 1 AS n FROM sessions WHERE session_key = ?");
      const move = db.prepare("UPDATE sessions SET session_key = ?, agent_id = ? WHERE session_key = ?");
      for (const { session_key: key } of rows) {
        const renamed = key.startsWith(LEGACY_PREFIX)
          ? CURRENT_PREFIX + key.slice(LEGACY_PREFIX.length)
          : key;
        const target = renamed !== key && taken.get(renamed) === undefined ? renamed : key;
        move.run(target, DEFAULT_AGENT_ID, key);
        if (target === key && renamed !== key) counts.keptKey++;
        else counts.rekeyed++;
      }
    }
    if (hasInbox) {
      counts.queued = db
        .prepare(
          `UPDATE run_inbox SET session_key = ? || substr(session_key, ?)
           WHERE state = 'queued' AND substr(session_key, 1, ?) = ?`,
        )
        .run(CURRENT_PREFIX, LEGACY_PREFIX.length + 1, LEGACY_PREFIX.length, LEGACY_PREFIX).changes;
    }
  })();
  return counts;
}

/** Renames, or copies then removes when `to` is on another file system (a mounted agents folder). */
function move(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    cpSync(from, to, { recursive: true, preserveTimestamps: true, errorOnExist: true, force: false });
    rmSync(from, { recursive: true });
  }
}

/** Moves every entry of `from` into `to` that `to` lacks, descending into folders both have. */
function mergeInto(from: string, to: string, relative: string, result: LegacyAgentMigration): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(to, name);
    const path = relative ? `${relative}/${name}` : name;
    if (!existsSync(target)) {
      move(source, target);
      result.moved.push(path);
    } else if (statSync(source).isDirectory() && statSync(target).isDirectory()) {
      mergeInto(source, target, path, result);
    } else {
      result.conflicts.push(path);
    }
  }
  if (readdirSync(from).length === 0) rmdirSync(from);
}

/**
 * Moves a legacy `default` agent's sessions and files to `main`; undefined when there was
 * nothing to move (or the config still has an agent called `default`).
 *
 * @example
 * const moved = migrateLegacyDefaultAgent(config, stateDir, db);
 * if (moved) log.write("info", "moved the default agent's state to main", { ...moved });
 */
export function migrateLegacyDefaultAgent(
  config: ClawConfig,
  stateDir: string,
  db: SqliteDatabase,
): LegacyAgentMigration | undefined {
  if (!appliesTo(config)) return undefined;
  const result: LegacyAgentMigration = { rekeyed: 0, keptKey: 0, queued: 0, moved: [], conflicts: [] };
  Object.assign(result, rekeySessions(db));
  // Transcripts live under `<stateDir>/agents/<agentId>` whatever `agentDir` says (see the session store).
  const legacyDir = join(stateDir, "agents", LEGACY_DEFAULT_AGENT_ID);
  if (existsSync(legacyDir) && statSync(legacyDir).isDirectory()) {
    const currentDir = join(stateDir, "agents", DEFAULT_AGENT_ID);
    if (!existsSync(currentDir)) {
      mkdirSync(join(currentDir, ".."), { recursive: true, mode: 0o700 });
      move(legacyDir, currentDir);
      result.moved.push(".");
    } else {
      mergeInto(legacyDir, currentDir, "", result);
    }
  }
  const changed =
    result.rekeyed + result.keptKey + result.queued + result.moved.length + result.conflicts.length;
  return changed > 0 ? result : undefined;
}

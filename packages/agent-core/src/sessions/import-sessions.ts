/**
 * Bringing whole sessions in from elsewhere (`claw import openclaw`): each session's transcript
 * is written in one piece (temp file + rename, never appended to a live file) and its index row
 * put in state.db. Idempotent: a session whose transcript and row already match is left alone;
 * a key that Claw already uses for another session is never overwritten; `dryRun` reports what
 * would change without creating or touching any file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { openSqliteDatabase } from "@claw/sqlite";
import { fromRow, openSessionIndex, type SessionIndex, type SessionRow } from "./index/session-index.js";
import type { SessionEntry } from "./session-store.js";
import {
  isTranscriptEntry,
  TRANSCRIPT_VERSION,
  type TranscriptEntry,
  type TranscriptHeader,
} from "./transcript/entries.js";

export interface ImportedSession {
  /** The index row; `sessionId` names the transcript file and must be a safe file name. */
  entry: SessionEntry;
  /** Transcript entries in order, with their ids and parent links already set. */
  entries: TranscriptEntry[];
  /** Working directory recorded in the transcript header, if known. */
  cwd?: string;
}

/** `conflict`: Claw already has a different session under the key; it is kept, not overwritten. */
export type ImportStatus = "create" | "update" | "unchanged" | "conflict";

export interface ImportedSessionResult {
  sessionKey: string;
  agentId: string;
  sessionId: string;
  transcriptPath: string;
  status: ImportStatus;
  messages: number;
}

export interface ImportSessionsOptions {
  stateDir: string;
  sessions: readonly ImportedSession[];
  /** Report only: nothing is written and state.db is not created. */
  dryRun?: boolean;
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** The transcript file's exact text: the header line, then one line per entry. */
export function renderTranscript(session: ImportedSession): string {
  const header: TranscriptHeader = {
    type: "session",
    version: TRANSCRIPT_VERSION,
    id: session.entry.sessionId,
    timestamp: session.entry.createdAt,
    ...(session.cwd ? { cwd: session.cwd } : {}),
  };
  return [header, ...session.entries].map((line) => `${JSON.stringify(line)}\n`).join("");
}

function sameRow(a: SessionEntry | undefined, b: SessionEntry): boolean {
  return a !== undefined && JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/** An index to compare against: the real one, or (dry run) a read-only view that may not exist. */
function openIndexFor(stateDir: string, dryRun: boolean): SessionIndex | undefined {
  const path = join(stateDir, "state.db");
  if (!dryRun) {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    return openSessionIndex(path);
  }
  if (!existsSync(path)) return undefined;
  const db = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sessions'").get();
  if (!hasTable) {
    db.close();
    return undefined;
  }
  const rows = db.prepare<[], SessionRow>("SELECT * FROM sessions").all();
  db.close();
  const byKey = new Map(rows.map((row) => [row.session_key, fromRow(row) as SessionEntry]));
  return {
    get: (key) => byKey.get(key),
    put: () => {},
    delete: () => false,
    list: () => [...byKey.values()],
    close: () => {},
  };
}

/**
 * Writes sessions into a Claw state dir; returns per session whether it was created, updated or
 * already identical.
 *
 * @example
 * const results = importSessions({ stateDir, sessions: [{ entry, entries }] });
 * results.filter((r) => r.status !== "unchanged").length; // sessions written
 */
export function importSessions(options: ImportSessionsOptions): ImportedSessionResult[] {
  const dryRun = options.dryRun === true;
  const index = openIndexFor(options.stateDir, dryRun);
  try {
    return options.sessions.map((session) => {
      const { entry } = session;
      for (const [name, value] of [
        ["agent id", entry.agentId],
        ["session id", entry.sessionId],
      ] as const)
        if (!SAFE_ID.test(value))
          throw new Error(`sessions: cannot import ${entry.sessionKey}: unsafe ${name} "${value}"`);
      const bad = session.entries.findIndex((e) => !isTranscriptEntry(e));
      if (bad !== -1)
        throw new Error(
          `sessions: cannot import ${entry.sessionKey}: entry ${bad} is not a valid transcript entry`,
        );
      const transcriptPath = join(
        options.stateDir,
        "agents",
        entry.agentId,
        "sessions",
        `${entry.sessionId}.jsonl`,
      );
      const text = renderTranscript(session);
      const existingText = readIfExists(transcriptPath);
      const existingRow = index?.get(entry.sessionKey);
      const fileSame = existingText === text;
      const rowSame = sameRow(existingRow, entry);
      const conflict = existingRow !== undefined && existingRow.sessionId !== entry.sessionId;
      const status: ImportStatus = conflict
        ? "conflict"
        : fileSame && rowSame
          ? "unchanged"
          : existingText === undefined && !existingRow
            ? "create"
            : "update";
      if (!dryRun && !conflict && !fileSame) {
        mkdirSync(dirname(transcriptPath), { recursive: true, mode: 0o700 });
        const temp = `${transcriptPath}.${process.pid}.import.tmp`;
        writeFileSync(temp, text, { mode: 0o600 });
        renameSync(temp, transcriptPath);
      }
      if (!dryRun && !conflict && !rowSame) index?.put(entry);
      return {
        sessionKey: entry.sessionKey,
        agentId: entry.agentId,
        sessionId: entry.sessionId,
        transcriptPath,
        status,
        messages: session.entries.filter((e) => e.type === "message").length,
      };
    });
  } finally {
    index?.close();
  }
}

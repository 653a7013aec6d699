/**
 * What the importer reads from an OpenClaw state folder, whichever layout it came from
 * (2026.9's SQLite databases, or the older sessions.json + JSONL files).
 */

/** One conversation: its key, current session id, index metadata and transcript lines (pi format). */
export interface OpenClawSession {
  agentId: string;
  sessionKey: string;
  sessionId: string;
  /** The session-store entry (sessions.json value / `session_nodes.entry_json`). */
  meta: Record<string, unknown>;
  /** Transcript lines in order, header first: `{type:"session"|"message"|"compaction"|…}`. */
  events: unknown[];
}

/** An auth profile as OpenClaw stores it: `{type:"api_key", provider, key}` and friends. */
export type OpenClawCredential = Record<string, unknown>;

export interface OpenClawState {
  /** The folder read (absolute). */
  root: string;
  /** Where the folder was when its absolute paths were written, when it has moved since. */
  oldRoot: string | undefined;
  layout: "sqlite-2026.9" | "jsonl";
  /** The parsed `openclaw.json` (includes merged), or `{}` when absent. */
  config: Record<string, unknown>;
  configPath: string | undefined;
  sessions: OpenClawSession[];
  /** Cron jobs in OpenClaw's job shape (`{id, name, schedule, payload, …}`). */
  cronJobs: Record<string, unknown>[];
  /** Credentials per agent id; `*` holds the shared store every agent falls back to. */
  credentials: Record<string, Record<string, OpenClawCredential>>;
  /** Things that could not be read, said plainly (a damaged line, an unreadable table). */
  warnings: string[];
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

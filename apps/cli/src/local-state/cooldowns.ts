/**
 * Active cooldowns from the gateway's state.db (`failover_profile_state`, written by
 * @claw/failover's SQLite store), read-only: which auth profile or model is cooling, until when,
 * and why. The file is opened read-only so a running gateway is never disturbed.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { SqliteDatabase } from "@claw/sqlite";

export interface ActiveCooldown {
  profileId: string;
  /** `profile` (all models of the profile), `disabled` (billing/auth), or a model id. */
  scope: string;
  reason: string;
  until: number;
  failures: number;
}

interface Entry {
  until?: unknown;
  reason?: unknown;
  count?: unknown;
}

function active(profileId: string, scope: string, entry: Entry | undefined, now: number): ActiveCooldown[] {
  if (!entry || typeof entry.until !== "number" || entry.until <= now) return [];
  return [
    {
      profileId,
      scope,
      reason: typeof entry.reason === "string" ? entry.reason : "unknown",
      until: entry.until,
      failures: typeof entry.count === "number" ? entry.count : 1,
    },
  ];
}

/** Cooldowns in effect now; an absent or unreadable state.db means none. */
export async function readCooldowns(stateDir: string, now = Date.now()): Promise<ActiveCooldown[]> {
  const path = join(stateDir, "state.db");
  if (!existsSync(path)) return [];
  const { openSqliteDatabase } = await import("@claw/sqlite");
  let db: SqliteDatabase | undefined;
  try {
    db = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 2000");
    const rows = db.prepare("SELECT profile_id, state FROM failover_profile_state").all() as {
      profile_id: string;
      state: string;
    }[];
    const out: ActiveCooldown[] = [];
    for (const row of rows) {
      let state: { profile?: Entry; disabled?: Entry; models?: Record<string, Entry> };
      try {
        state = JSON.parse(row.state) as typeof state;
      } catch {
        continue;
      }
      out.push(...active(row.profile_id, "disabled", state.disabled, now));
      out.push(...active(row.profile_id, "profile", state.profile, now));
      for (const [model, entry] of Object.entries(state.models ?? {}))
        out.push(...active(row.profile_id, model, entry, now));
    }
    return out.sort((a, b) => b.until - a.until);
  } catch (error) {
    if (/no such table/.test(String(error))) return [];
    throw error;
  } finally {
    db?.close();
  }
}

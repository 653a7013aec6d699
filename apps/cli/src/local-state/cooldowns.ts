/**
 * Active cooldowns from the gateway's state.db (`failover_profile_state`, written by
 * @claw/failover's SQLite store), read-only: which auth profile or model is cooling, until when,
 * and why, by @claw/failover's own rules. The file is opened read-only so a running gateway is
 * never disturbed.
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

/** Cooldowns in effect now; an absent or unreadable state.db means none. */
export async function readCooldowns(stateDir: string, now = Date.now()): Promise<ActiveCooldown[]> {
  const path = join(stateDir, "state.db");
  if (!existsSync(path)) return [];
  const [{ openSqliteDatabase }, { activeCooldowns, parseProfileState }] = await Promise.all([
    import("@claw/sqlite"),
    import("@claw/failover"),
  ]);
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
      let state: ReturnType<typeof parseProfileState>;
      try {
        state = parseProfileState(JSON.parse(row.state));
      } catch {
        continue; // a corrupt row reads as "no cooldown", as it does for the gateway
      }
      for (const cooldown of activeCooldowns(state, now))
        out.push({
          profileId: row.profile_id,
          scope: cooldown.scope === "model" ? (cooldown.modelId ?? "model") : cooldown.scope,
          reason: cooldown.reason,
          until: cooldown.until,
          failures: cooldown.failures,
        });
    }
    return out.sort((a, b) => b.until - a.until);
  } catch (error) {
    if (/no such table/.test(String(error))) return [];
    throw error;
  } finally {
    db?.close();
  }
}

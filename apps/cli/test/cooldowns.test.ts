/** `claw status` / `claw models status` read cooldowns from state.db by @claw/failover's rules. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteAuthStateStore } from "@claw/failover";
import { openSqliteDatabase } from "@claw/sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { readCooldowns } from "../src/local-state/cooldowns.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("readCooldowns", () => {
  it("lists the cooldowns in force, longest first, and skips expired entries and corrupt rows", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-cooldowns-"));
    dirs.push(stateDir);
    const now = 1_000_000;
    const db = openSqliteDatabase(join(stateDir, "state.db"));
    const store = createSqliteAuthStateStore(db);
    await store.update("openai:work", () => ({
      profile: { until: now + 60_000, reason: "rate_limit", count: 2, at: now },
      models: {
        "gpt-big": { until: now + 600_000, reason: "overloaded", count: 1, at: now },
        "gpt-old": { until: now - 1, reason: "rate_limit", count: 1, at: now - 60_000 },
      },
    }));
    await store.update("anthropic:home", () => ({
      disabled: { until: now - 5, reason: "billing", count: 3, at: now - 100 },
    }));
    db.prepare("INSERT INTO failover_profile_state (profile_id, state, updated_at) VALUES (?, ?, ?)").run(
      "broken:row",
      "{not json",
      now,
    );
    db.close();

    expect(await readCooldowns(stateDir, now)).toEqual([
      { profileId: "openai:work", scope: "gpt-big", reason: "overloaded", until: now + 600_000, failures: 1 },
      { profileId: "openai:work", scope: "profile", reason: "rate_limit", until: now + 60_000, failures: 2 },
    ]);
  });

  it("is empty without a state.db", async () => {
    expect(await readCooldowns(join(tmpdir(), "claw-no-such-state-dir"))).toEqual([]);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@claw/sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { openCronScratchStore, SCRATCH_MAX_BYTES } from "../src/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function openDb() {
  const dir = mkdtempSync(join(tmpdir(), "claw-scratch-"));
  dirs.push(dir);
  return { path: join(dir, "state.db"), db: openSqliteDatabase(join(dir, "state.db")) };
}

describe("job scratch pads", () => {
  it("writes with revisions, refuses a stale writer, clears, and survives a reopen", () => {
    const { db, path } = openDb();
    const scratch = openCronScratchStore(db);
    expect(scratch.get("j1")).toEqual({ scratch: null, currentRevision: 0, maxBytes: SCRATCH_MAX_BYTES });
    expect(scratch.set("j1", "seen #41", { expectedRevision: 0, now: 5 })).toEqual({
      ok: true,
      scratch: { content: "seen #41", revision: 1, updatedAtMs: 5 },
      currentRevision: 1,
      maxBytes: SCRATCH_MAX_BYTES,
    });
    expect(scratch.set("j1", "seen #42", { expectedRevision: 0 })).toEqual({
      ok: false,
      reason: "revision-conflict",
      currentRevision: 1,
    });
    expect(scratch.get("j1").scratch?.content).toBe("seen #41");
    db.close();
    const reopened = openCronScratchStore(openSqliteDatabase(path));
    expect(reopened.set("j1", null)).toMatchObject({ ok: true, scratch: null, currentRevision: 2 });
    reopened.delete("j1");
    expect(reopened.get("j1").currentRevision).toBe(0);
  });

  it("refuses a text over the byte limit and keeps the old one", () => {
    const scratch = openCronScratchStore(openDb().db);
    scratch.set("j1", "keep me");
    expect(() => scratch.set("j1", "é".repeat(SCRATCH_MAX_BYTES / 2 + 1))).toThrow(/at most 262144 bytes/);
    expect(scratch.get("j1").scratch?.content).toBe("keep me");
  });
});

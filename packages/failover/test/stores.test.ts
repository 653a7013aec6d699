/** Stores against real things: a SQLite file (two connections), JSON files on disk. */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSqliteDriver } from "@claw/sqlite";
import { describe, expect, it } from "vitest";
import {
  type AuthStateStore,
  createAuthStore,
  createJsonFileAuthStateStore,
  createMemoryAuthStateStore,
  createSqliteAuthStateStore,
  type ProfileState,
} from "../src/index.js";
import { fakeClock, key } from "./harness.js";
import { setup } from "./setup.js";

/** The better-sqlite3 build this Node uses (the one the code under test opens). */
const Database = loadSqliteDriver();

const dir = () => mkdtempSync(join(tmpdir(), "claw-failover-"));
const addModel =
  (m: string) =>
  (prev: ProfileState | undefined): ProfileState => ({
    ...prev,
    models: { ...prev?.models, [m]: { until: 1, reason: "rate_limit", count: 1, at: 0 } },
  });

const STORES: [string, () => { a: AuthStateStore; b: AuthStateStore }][] = [
  [
    "memory",
    () => {
      const s = createMemoryAuthStateStore();
      return { a: s, b: s };
    },
  ],
  [
    "sqlite (two connections, one file)",
    () => {
      const file = join(dir(), "state.db");
      return {
        a: createSqliteAuthStateStore(new Database(file)),
        b: createSqliteAuthStateStore(new Database(file)),
      };
    },
  ],
  [
    "json file (two instances, one dir)",
    () => {
      const d = dir();
      return { a: createJsonFileAuthStateStore(d), b: createJsonFileAuthStateStore(d) };
    },
  ],
];

describe.each(STORES)("%s store", (_, make) => {
  it("concurrent read-modify-writes of one profile lose nothing", async () => {
    const { a, b } = make();
    const models = Array.from({ length: 40 }, (_, i) => `m${i}`);
    await Promise.all(models.map((m, i) => (i % 2 ? a : b).update("main", addModel(m))));
    const state = (await a.read(["main"])).main;
    expect(Object.keys(state?.models ?? {}).sort()).toEqual([...models].sort());
  });

  it("keeps session pins per provider and clears them", async () => {
    const { a, b } = make();
    await a.setPin("s1", "anthropic", "main");
    await a.setPin("s1", "openai", "oa");
    expect(await b.getPin("s1", "anthropic")).toBe("main");
    await b.setPin("s1", "anthropic", undefined);
    expect(await a.getPin("s1", "anthropic")).toBeUndefined();
    await a.clearPins("s1");
    expect(await b.getPin("s1", "openai")).toBeUndefined();
  });
});

describe("restart with persisted cooldowns", () => {
  it.each([
    ["sqlite", (d: string) => createSqliteAuthStateStore(new Database(join(d, "state.db")))],
    ["json file", (d: string) => createJsonFileAuthStateStore(d)],
  ])(
    "%s: a new process still skips the cooling model and tries the primary after expiry",
    async (_, open) => {
      const d = dir();
      const clock = fakeClock();
      const chain = { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] };
      const profiles = [key("main", "anthropic"), key("oa", "openai")];
      const before = setup({
        profiles,
        clock,
        state: open(d),
        scripts: { anthropic: [{ error: { status: 429 } }] },
      });
      await before.go(chain);
      const after = setup({ profiles, clock, state: open(d) });
      expect((await after.go(chain, { probe: false })).attempts[0]).toMatchObject({
        outcome: "skipped",
        reason: "rate_limit",
      });
      clock.advance(30_000);
      expect((await after.go(chain)).ref).toBe("anthropic/claude-opus-4-6");
    },
  );
});

describe("json file store files", () => {
  it("writes secrets with mode 0600, apart from routing state", async () => {
    const d = dir();
    const files = createJsonFileAuthStateStore(d);
    await files.saveProfiles([key("main", "anthropic")]);
    await files.update("main", addModel("opus"));
    expect(statSync(files.secretsPath).mode & 0o777).toBe(0o600);
    expect(readFileSync(files.statePath, "utf8")).not.toContain("sk-main");
    expect(readFileSync(files.secretsPath, "utf8")).not.toContain("rate_limit");
    const auth = createAuthStore({ profiles: files, state: files });
    const plan = await auth.plan("anthropic", "sonnet");
    expect(plan.kind === "profiles" && plan.usable.map((p) => p.id)).toEqual(["main"]);
  });

  it("refuses a secrets file others can read, saying how to fix it", async () => {
    const d = dir();
    writeFileSync(join(d, "auth-profiles.json"), JSON.stringify({ profiles: [] }), { mode: 0o644 });
    await expect(createJsonFileAuthStateStore(d).loadProfiles()).rejects.toThrow(/chmod 600/);
  });

  it("names the bad entry of a malformed secrets file", async () => {
    const d = dir();
    writeFileSync(
      join(d, "auth-profiles.json"),
      JSON.stringify({ profiles: [{ id: "x", provider: "openai", type: "api_key" }] }),
      { mode: 0o600 },
    );
    await expect(createJsonFileAuthStateStore(d).loadProfiles()).rejects.toThrow(
      /profiles\[0\] \("x"\) has no "apiKey"/,
    );
  });

  it("a corrupt state file reads as no state and is replaced on the next write", async () => {
    const d = dir();
    writeFileSync(join(d, "auth-state.json"), '{"profiles": {"main": ', "utf8");
    const files = createJsonFileAuthStateStore(d);
    expect(await files.read(["main"])).toEqual({});
    await files.update("main", addModel("opus"));
    expect(Object.keys((await files.read(["main"])).main?.models ?? {})).toEqual(["opus"]);
  });
});

describe("sqlite store", () => {
  it("ignores a corrupt row instead of failing the run", async () => {
    const db = new Database(":memory:");
    const store = createSqliteAuthStateStore(db);
    db.prepare("INSERT INTO failover_profile_state VALUES ('main', '{not json', 0)").run();
    expect(await store.read(["main"])).toEqual({});
  });
});

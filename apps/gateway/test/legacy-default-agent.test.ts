import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPersistentSessionStore } from "@claw/agent-core";
import { validateConfig } from "@claw/config";
import { createFauxProvider } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { describe, expect, it } from "vitest";
import { migrateLegacyDefaultAgent } from "../src/assemble/legacy-default-agent.js";
import { startTestGateway } from "./helpers.js";

const config = (document: Record<string, unknown> = {}) => {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
};

/** A state dir as Claw left it when the default agent was called `default`. */
async function legacyStateDir(keys: string[] = ["agent:default:main"]) {
  const stateDir = mkdtempSync(join(tmpdir(), "claw-legacy-"));
  const sessions = createPersistentSessionStore({ stateDir });
  for (const key of keys) {
    const entry = await sessions.resolve(key, { agentId: "default" });
    await sessions.append(entry, { role: "user", content: `remember ${key}`, timestamp: 1 });
  }
  await sessions.close();
  writeFileSync(join(stateDir, "agents", "default", "auth-profiles.json"), '{"profiles":[]}\n', {
    mode: 0o600,
  });
  return stateDir;
}

describe("the legacy `default` agent's state", () => {
  it("moves to `main` when the gateway starts, so the TUI's main session shows the old history", async () => {
    const stateDir = await legacyStateDir();
    const faux = createFauxProvider(["ok"], { provider: "faux" });
    const { client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      { stateDir, models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    const history = (await client.request("chat.history", { sessionKey: "agent:main:main" })) as {
      messages: { role: string; content: unknown }[];
    };
    expect(JSON.stringify(history.messages)).toContain("remember agent:default:main");
    const listed = (await client.request("sessions.list", {})) as { sessions: { key: string }[] };
    expect(listed.sessions.map((s) => s.key)).toEqual(["agent:main:main"]);
    expect(existsSync(join(stateDir, "agents", "default"))).toBe(false);
    expect(readFileSync(join(stateDir, "agents", "main", "auth-profiles.json"), "utf8")).toContain(
      "profiles",
    );
    // The next turn continues the same transcript.
    await client.request(
      "agent",
      { message: "and now?", sessionKey: "agent:main:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    const after = (await client.request("chat.history", { sessionKey: "agent:main:main" })) as {
      messages: unknown[];
    };
    expect(after.messages).toHaveLength(3);
    const log = readFileSync(join(stateDir, "logs", "gateway.log"), "utf8");
    expect(log).toContain("moved the default agent's state");
    await client.close();
  });

  it("overwrites nothing: a taken `main` key keeps the legacy key, a taken file stays put", async () => {
    const stateDir = await legacyStateDir(["agent:default:main", "agent:default:telegram:dm:7"]);
    const newer = createPersistentSessionStore({ stateDir });
    const fresh = await newer.resolve("agent:main:main", { agentId: "main" });
    await newer.append(fresh, { role: "user", content: "new install", timestamp: 2 });
    await newer.close();
    writeFileSync(join(stateDir, "agents", "main", "auth-profiles.json"), '{"profiles":[],"new":true}\n');
    const db = openSqliteDatabase(join(stateDir, "state.db"));
    const moved = migrateLegacyDefaultAgent(config(), stateDir, db);
    expect(moved).toMatchObject({ rekeyed: 1, keptKey: 1, conflicts: ["auth-profiles.json"] });
    expect(moved?.moved.some((path) => path.startsWith("sessions/"))).toBe(true);
    const rows = db.prepare("SELECT session_key, agent_id FROM sessions ORDER BY session_key").all();
    expect(rows).toEqual([
      { session_key: "agent:default:main", agent_id: "main" },
      { session_key: "agent:main:main", agent_id: "main" },
      { session_key: "agent:main:telegram:dm:7", agent_id: "main" },
    ]);
    expect(readFileSync(join(stateDir, "agents", "main", "auth-profiles.json"), "utf8")).toContain('"new"');
    expect(readFileSync(join(stateDir, "agents", "default", "auth-profiles.json"), "utf8")).not.toContain(
      '"new"',
    );
    db.close();
    // Every transcript is readable through the store under its (possibly kept) key.
    const sessions = createPersistentSessionStore({ stateDir });
    for (const [key, text] of [
      ["agent:default:main", "remember agent:default:main"],
      ["agent:main:main", "new install"],
      ["agent:main:telegram:dm:7", "remember agent:default:telegram:dm:7"],
    ] as const) {
      const entry = await sessions.get(key);
      expect(JSON.stringify(await sessions.loadMessages(entry as never))).toContain(text);
    }
    await sessions.close();
  });

  it("finishes after a crash between the index and the files, and then does nothing", async () => {
    const stateDir = await legacyStateDir();
    const db = openSqliteDatabase(join(stateDir, "state.db"));
    db.prepare("UPDATE sessions SET session_key = 'agent:main:main', agent_id = 'main'").run();
    expect(migrateLegacyDefaultAgent(config(), stateDir, db)).toMatchObject({ rekeyed: 0, moved: ["."] });
    expect(migrateLegacyDefaultAgent(config(), stateDir, db)).toBeUndefined();
    db.close();
  });

  it("leaves a config that still names an agent `default` alone", async () => {
    const stateDir = await legacyStateDir();
    const db = openSqliteDatabase(join(stateDir, "state.db"));
    const named = config({ agents: { list: [{ id: "default", default: true }] } });
    expect(migrateLegacyDefaultAgent(named, stateDir, db)).toBeUndefined();
    expect(existsSync(join(stateDir, "agents", "default", "auth-profiles.json"))).toBe(true);
    db.close();
  });
});

/**
 * `claw import openclaw` with bad input: a folder that is not OpenClaw's, a damaged database, a
 * session whose id cannot be a file name. Each gets a clear message and nothing is lost or half written.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { claw, createHome, type TestHome } from "./helpers.js";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/", import.meta.url));

const homes: TestHome[] = [];
afterEach(async () => {
  for (const home of homes.splice(0)) await home.cleanup();
});

function freshHome(): TestHome {
  const home = createHome();
  homes.push(home);
  rmSync(join(home.stateDir, "claw.json"));
  return home;
}

it("a folder that is not OpenClaw's is refused with what to do", async () => {
  const home = freshHome();
  mkdirSync(join(home.home, "empty"));
  const result = await claw(home, ["import", "openclaw", "--from", join(home.home, "empty")]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("does not look like an OpenClaw folder");
  expect(result.stderr).toContain("--from");
});

it("a damaged database stops the import before anything is written", async () => {
  const home = freshHome();
  const openclaw = join(home.home, ".openclaw");
  cpSync(join(FIXTURES, "openclaw-state-2026.9"), openclaw, { recursive: true });
  writeFileSync(join(openclaw, "agents", "work", "agent", "openclaw-agent.sqlite"), "not a database at all");
  const result = await claw(home, ["import", "openclaw"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("cannot read OpenClaw's databases");
  expect(existsSync(join(home.stateDir, "claw.json"))).toBe(false);
  expect(existsSync(join(home.stateDir, "state.db"))).toBe(false);
});

it("a session whose id cannot be a file name is reported and the others still import", async () => {
  const home = freshHome();
  const openclaw = join(home.home, ".openclaw");
  cpSync(join(FIXTURES, "openclaw-state-jsonl"), openclaw, { recursive: true });
  const index = join(openclaw, "agents", "main", "sessions", "sessions.json");
  const sessions = JSON.parse(readFileSync(index, "utf8"));
  sessions["agent:main:evil"] = { sessionId: "../../escape", updatedAt: 1 };
  writeFileSync(index, JSON.stringify(sessions));
  const result = await claw(home, ["import", "openclaw", "--json"]);
  expect(result.code).toBe(0);
  const report = JSON.parse(result.stdout);
  expect(report.unmapped).toContainEqual({
    path: "session agent:main:evil",
    reason: 'session id "../../escape" is not a safe file name',
  });
  expect(report.steps.filter((s: { kind: string }) => s.kind === "session")).toHaveLength(2);
  expect(existsSync(join(home.home, "escape.jsonl"))).toBe(false);
});

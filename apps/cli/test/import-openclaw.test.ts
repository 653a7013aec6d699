/**
 * `claw import openclaw` against two real-shaped OpenClaw folders: the state folder of a real
 * openclaw@2026.9.6 run (SQLite) and a JSONL-era folder in the reference documents' formats. Each
 * test imports a copy into a temp Claw home and checks what Claw sees — config, agents, sessions
 * with history through the gateway, cron jobs, skills, credentials — and that the OpenClaw folder
 * is byte-identical afterwards with no -wal/-shm files.
 */
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "@claw/config";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, startGateway, type TestHome } from "./helpers.js";

const FIXTURES = fileURLToPath(new URL("../../../fixtures/", import.meta.url));
const SQLITE_ERA = join(FIXTURES, "openclaw-state-2026.9");
const JSONL_ERA = join(FIXTURES, "openclaw-state-jsonl");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** path → sha256 of every file under `dir`. */
function hashTree(dir: string, skip: (rel: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of filesUnder(dir)) {
    const rel = relative(dir, file);
    if (!skip(rel)) out[rel] = createHash("sha256").update(readFileSync(file)).digest("hex");
  }
  return out;
}

interface Report {
  steps: { kind: string; status: string; target: string; detail: string }[];
  unmapped: { path: string; reason: string }[];
  warnings: string[];
  summary: Record<string, number>;
  movedFrom: string | null;
  layout: string;
}

/** A fresh home without claw.json, with a copy of `fixture` as `~/.openclaw`. */
function homeWith(fixture: string): { home: TestHome; openclaw: string } {
  const home = createHome();
  rmSync(join(home.stateDir, "claw.json")); // the import writes its own
  cpSync(fixture, join(home.home, ".openclaw"), { recursive: true });
  return { home, openclaw: join(home.home, ".openclaw") };
}

async function importJson(home: TestHome, args: string[] = []): Promise<Report> {
  const result = await claw(home, ["import", "openclaw", "--json", "--force", ...args]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

const homes: TestHome[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const home of homes.splice(0)) await home.cleanup();
});

describe("claw import openclaw — OpenClaw 2026.9 (SQLite state)", () => {
  it("brings config, agents, credentials, workspaces, sessions, cron jobs and memory over; never touches OpenClaw", async () => {
    const { home, openclaw } = homeWith(SQLITE_ERA);
    homes.push(home);
    const before = hashTree(openclaw);

    const report = await importJson(home);

    expect(report.layout).toBe("sqlite-2026.9");
    expect(report.movedFrom).toBe("/tmp/oc/home/.openclaw");
    expect(hashTree(openclaw)).toEqual(before);
    expect(filesUnder(openclaw).filter((f) => /-(wal|shm)$/.test(f))).toEqual([]);

    const { config } = loadConfig({ env: {}, homeDir: home.home });
    expect(config.agents.list?.map((a) => [a.id, a.default === true])).toEqual([
      ["main", true],
      ["work", false],
    ]);
    expect(config.bindings?.map((b) => [b.agentId, b.match.accountId])).toEqual([
      ["work", "work"],
      ["main", "*"],
      ["main", "default"],
    ]);
    expect(Object.keys(config.channels.telegram?.accounts ?? {})).toEqual(["default", "work"]);
    expect(config.agents.defaults.heartbeat?.every).toBe("30m");
    expect(report.unmapped.map((u) => u.path)).toEqual(
      expect.arrayContaining(["plugins", "meta", "wizard", "gateway.tailscale", "agents.list[0].agentDir"]),
    );
    for (const item of report.unmapped) expect(item.reason).not.toBe("");

    const auth = join(home.stateDir, "agents", "work", "auth-profiles.json");
    expect(statSync(auth).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(auth, "utf8")).profiles).toContainEqual({
      id: "openai:manual",
      provider: "openai",
      type: "api_key",
      apiKey: "sk-openai-fake-work-0002",
    });

    const cron = JSON.parse(readFileSync(join(home.stateDir, "cron", "jobs.json"), "utf8"));
    expect(cron.jobs.map((j: { name: string; schedule: unknown }) => [j.name, j.schedule])).toEqual([
      ["Morning brief", { kind: "cron", expr: "0 8 * * *", tz: "Europe/Berlin" }],
      ["Stretch reminder", { kind: "every", everyMs: 7_200_000, anchorMs: 1795545875449 }],
      ["Weekly report", { kind: "cron", expr: "0 17 * * 5" }],
    ]);
    expect(existsSync(join(home.stateDir, "workspace", "skills", "weather", "SKILL.md"))).toBe(true);
    expect(existsSync(join(home.stateDir, "workspace-work", "memory", "notes.md"))).toBe(true);
    expect(report.steps.filter((s) => s.kind === "memory").map((s) => s.status)).toEqual([
      "update",
      "update",
    ]);
    expect(existsSync(join(home.stateDir, "memory", "main.sqlite"))).toBe(true);

    const gateway = await startGateway(
      home,
      JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8")),
    );
    stops.push(() => gateway.close());
    const list = JSON.parse((await claw(home, ["sessions", "list", "--json"])).stdout);
    expect(list.sessions.map((s: { key: string }) => s.key).sort()).toEqual([
      "agent:main:main",
      "agent:work:main",
    ]);
    const history = JSON.parse((await claw(home, ["sessions", "show", "agent:main:main", "--json"])).stdout);
    const messages = history.messages as { role: string; content: unknown }[];
    // The compaction summary opens the history, then the messages kept after it, tool calls included.
    expect(JSON.stringify(messages[0]?.content)).toContain("## Decisions");
    expect(messages.some((m) => m.role === "toolResult")).toBe(true);
    expect(JSON.stringify(messages)).toContain('"toolCall"');
    expect(JSON.stringify(messages.at(-1)?.content)).toContain("Reply 4: noted.");
    const work = JSON.parse((await claw(home, ["sessions", "show", "agent:work:main", "--json"])).stdout);
    expect(work.messages).toHaveLength(8);
  });

  it("is idempotent: a second run changes nothing", async () => {
    const { home } = homeWith(SQLITE_ERA);
    homes.push(home);
    await importJson(home);
    const skipDb = (rel: string) => /^(state\.db|memory\/)/.test(rel);
    const after = hashTree(home.stateDir, skipDb);
    const again = await importJson(home);
    expect(again.summary).toMatchObject({ create: 0, update: 0, conflict: 0 });
    expect(again.steps.every((s) => s.status === "unchanged")).toBe(true);
    expect(hashTree(home.stateDir, skipDb)).toEqual(after);
  });

  it("--dry-run writes nothing and shows exactly the steps a real run takes", async () => {
    const { home, openclaw } = homeWith(SQLITE_ERA);
    homes.push(home);
    const claw0 = hashTree(home.stateDir);
    const before = hashTree(openclaw);
    const dry = await importJson(home, ["--dry-run"]);
    expect(hashTree(home.stateDir)).toEqual(claw0);
    expect(existsSync(join(home.stateDir, "state.db"))).toBe(false);
    expect(hashTree(openclaw)).toEqual(before);
    const real = await importJson(home);
    const shape = (r: Report) => r.steps.map((s) => [s.kind, s.status, s.target]);
    expect(shape(dry)).toEqual(shape(real));
    expect(dry.unmapped).toEqual(real.unmapped);
  });

  it("prints a readable report, and keeps a different claw.json unless --force", async () => {
    const { home } = homeWith(SQLITE_ERA);
    homes.push(home);
    writeFileSync(join(home.stateDir, "claw.json"), JSON.stringify({ gateway: { port: 20001 } }));
    const text = await claw(home, ["import", "openclaw", "--dry-run"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("would keep Claw's");
    expect(text.stdout).toContain("plugins — Claw has no plugin system");
    expect(text.stdout).toContain("nothing was written");
    const kept = await claw(home, ["import", "openclaw", "--json"]);
    const report = JSON.parse(kept.stdout) as Report;
    expect(report.steps.find((s) => s.kind === "config")?.status).toBe("conflict");
    expect(JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"))).toEqual({
      gateway: { port: 20001 },
    });
    await importJson(home);
    expect(existsSync(join(home.stateDir, "claw.json.bak"))).toBe(true);
  });
});

describe("claw import openclaw — older sessions.json + JSONL layout", () => {
  it("reads sessions.json, JSONL transcripts, cron/jobs.json and auth-profiles.json; rebases a moved folder", async () => {
    const { home, openclaw } = homeWith(JSONL_ERA);
    homes.push(home);
    const before = hashTree(openclaw);
    const report = await importJson(home, ["--from", openclaw]);
    expect(report.layout).toBe("jsonl");
    expect(report.movedFrom).toBe("/home/olduser/.openclaw");
    expect(hashTree(openclaw)).toEqual(before);

    const { config } = loadConfig({ env: {}, homeDir: home.home });
    expect(config.agents.list?.map((a) => a.id)).toEqual(["main", "research"]);
    // The $include (written with the old absolute path) was found in the moved folder and merged.
    expect(config.models.providers?.ollama?.baseUrl).toBe("http://127.0.0.1:11434");
    expect(config.agents.list?.[1]?.workspace).toBeUndefined();
    expect(
      readFileSync(join(home.stateDir, "workspace-research", "skills", "arxiv", "SKILL.md"), "utf8"),
    ).toContain("arxiv");

    const sessions = report.steps.filter((s) => s.kind === "session").map((s) => s.detail);
    expect(sessions).toEqual([
      "agent:main:main: 8 message(s), 1 compaction(s) (left out: 1 custom)",
      "agent:research:main: 2 message(s)",
    ]);
    expect(report.warnings).toEqual([
      expect.stringContaining("legacy-research-0001.jsonl:4 is not valid JSON"),
    ]);
    expect(report.unmapped).toContainEqual({
      path: "auth profile openai:vault (agent main)",
      reason: expect.stringContaining("secret reference"),
    });
    const profiles = JSON.parse(
      readFileSync(join(home.stateDir, "agents", "main", "auth-profiles.json"), "utf8"),
    );
    expect(profiles.profiles).toContainEqual({
      id: "openai-codex:me@example.com",
      provider: "openai-codex",
      type: "oauth",
      accessToken: "fake-access-token",
      refreshToken: "fake-refresh-token",
      expiresAt: 1900000000000,
    });
    const cron = JSON.parse(readFileSync(join(home.stateDir, "cron", "jobs.json"), "utf8"));
    expect(cron.jobs.map((j: { id: string; enabled: boolean }) => [j.id, j.enabled])).toEqual([
      ["job-standup", true],
      ["job-plants", true],
      ["job-papers", false],
    ]);

    const transcript = readFileSync(
      join(home.stateDir, "agents", "main", "sessions", "legacy-main-0001.jsonl"),
      "utf8",
    )
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const compaction = transcript.find((e) => e.type === "compaction");
    expect(compaction).toMatchObject({ firstKeptEntryId: "e08", tokensBefore: 6000 });
    expect(transcript.find((e) => e.type === "thinking_change")).toMatchObject({ thinking: "low" });
    expect(transcript[0]).toMatchObject({
      type: "session",
      id: "legacy-main-0001",
      cwd: join(openclaw, "workspace"),
    });
  });
});

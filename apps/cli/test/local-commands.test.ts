import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, TEST_HOME_PORT, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});
function home(document?: Record<string, unknown>): TestHome {
  const h = createHome([], document);
  homes.push(h);
  return h;
}

describe("doctor", () => {
  it("reports each finding with its fix; --fix repairs permissions, workspace files and legacy keys", async () => {
    const h = home({ agents: { defaults: { model: "faux/faux-1" } }, gateway: { token: "legacy-token" } });
    mkdirSync(join(h.stateDir, "agents", "main"), { recursive: true });
    writeFileSync(join(h.stateDir, "gateway.token"), "t\n");
    chmodSync(join(h.stateDir, "gateway.token"), 0o644);
    const before = await claw(h, ["doctor", "--json"]);
    expect(before.code).toBe(1);
    const report = JSON.parse(before.stdout);
    const levels = Object.fromEntries(
      report.findings.map((f: { check: string; level: string }) => [`${f.check}:${f.level}`, true]),
    );
    expect(levels).toMatchObject({ "node:ok": true, "native:ok": true, "config:fail": true });
    const legacy = report.findings.find((f: { message: string }) => f.message.startsWith("legacy keys"));
    expect(legacy).toMatchObject({
      fixable: true,
      message: "legacy keys: gateway.token → gateway.auth.token",
    });

    const fixed = await claw(h, ["doctor", "--fix"]);
    expect(fixed.stdout).toContain("fixed legacy keys");
    expect(JSON.parse(readFileSync(join(h.stateDir, "claw.json"), "utf8")).gateway).toEqual({
      port: TEST_HOME_PORT,
      auth: { token: "legacy-token" },
    });
    const after = JSON.parse((await claw(h, ["doctor", "--json", "--fix"])).stdout);
    expect(statSync(join(h.stateDir, "gateway.token")).mode & 0o777).toBe(0o600);
    expect(existsSync(join(h.stateDir, "workspace", "AGENTS.md"))).toBe(true);
    const failures = after.findings.filter((f: { level: string }) => f.level === "fail");
    expect(failures).toEqual([]);
  });

  it("a missing credential is a failure that says what to run", async () => {
    const h = home({ agents: { defaults: { model: "anthropic/claude-sonnet-4-5" } } });
    const result = await claw(h, ["doctor"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ no anthropic credential, needed by main → anthropic/claude-sonnet-4-5",
    );
    expect(result.stdout).toContain("fix: run `claw onboard --provider anthropic`");
    expect(result.stdout).toMatch(/what this install exposes to others: `claw security audit`\n$/);
  });

  it("a keyless provider from the provider table needs no credential", async () => {
    const h = home({ agents: { defaults: { model: "ollama/llama3.1:8b" } } });
    const result = JSON.parse((await claw(h, ["doctor", "--json"])).stdout);
    expect(result.findings).toContainEqual(
      expect.objectContaining({
        check: "auth",
        level: "ok",
        message: "a credential for ollama (main → ollama/llama3.1:8b)",
      }),
    );
  });
});

describe("doctor findings", () => {
  it("one finding per missing provider with the variable to set; no fix said twice", async () => {
    const h = home({
      agents: {
        defaults: {
          model: {
            primary: "anthropic/claude-sonnet-4-5",
            fallbacks: ["anthropic/claude-opus-4-6", "openai/gpt-4o"],
          },
        },
      },
    });
    const result = await claw(h, ["doctor"]);
    const anthropic = result.stdout.match(/no anthropic credential/g) ?? [];
    expect(anthropic).toHaveLength(1);
    expect(result.stdout).toContain(
      "no anthropic credential, needed by main → anthropic/claude-sonnet-4-5, main → anthropic/claude-opus-4-6",
    );
    expect(result.stdout).toContain("export ANTHROPIC_API_KEY=<key>");
    expect(result.stdout).toContain("export OPENAI_API_KEY=<key>");
    for (const line of result.stdout.split("\n"))
      expect(line.split("claw doctor --fix").length).toBeLessThanOrEqual(2);
  });
});

/** Holds the default port 18789 for the test, as a user's running gateway would (if nothing does already). */
async function occupyDefaultPort(): Promise<Server | undefined> {
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve) => {
    server.once("error", () => resolve(undefined)); // already taken, as by a user's gateway
    server.listen(18789, "127.0.0.1", () => resolve(server));
  });
}

describe("tests never touch the default port", () => {
  it("doctor and gateway status use the test home's own port while something holds 18789", async () => {
    const holder = await occupyDefaultPort();
    try {
      const h = home();
      const report = JSON.parse((await claw(h, ["doctor", "--json"])).stdout);
      expect(report.findings).toContainEqual(
        expect.objectContaining({ check: "port", level: "ok", message: `port ${TEST_HOME_PORT} is free` }),
      );
      const status = await claw(h, ["gateway", "status", "--json"]);
      expect(status.code).toBe(3);
      expect(JSON.parse(status.stdout)).toMatchObject({
        reachable: false,
        url: `ws://127.0.0.1:${TEST_HOME_PORT}`,
      });
    } finally {
      await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
    }
  });
});

describe("memory", () => {
  it("index with progress, status and keyword search over the workspace notes", async () => {
    const h = home();
    const workspace = join(h.stateDir, "workspace");
    mkdirSync(join(workspace, "memory"), { recursive: true });
    writeFileSync(join(workspace, "MEMORY.md"), "# Decisions\n\nWe chose Postgres for billing.\n");
    writeFileSync(join(workspace, "memory", "2026-01-16.md"), "Met Ana about the garden project.\n");
    const indexed = await claw(h, ["memory", "index", "--json"]);
    expect(indexed.code).toBe(0);
    expect(JSON.parse(indexed.stdout)).toMatchObject({ added: 2, rebuilt: expect.any(Boolean) });
    expect(Number.isInteger(JSON.parse(indexed.stdout).durationMs)).toBe(true);
    const status = JSON.parse((await claw(h, ["memory", "status", "--json"])).stdout);
    expect(status).toMatchObject({ provider: "keyword-only", counts: { files: 2 } });
    expect(status.location).toBe(join(h.stateDir, "memory", "main.sqlite"));
    const search = await claw(h, ["memory", "search", "Postgres", "billing"]);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^MEMORY\.md:\d+-\d+ [\d.]+\n[\s\S]*Postgres for billing/);
    expect((await claw(h, ["memory", "search"])).code).toBe(2);
    expect((await claw(h, ["memory", "index", "--force"])).stdout).toMatch(
      /✓ indexed main: .* 2 updated.* in \d+ ms\n$/,
    );
  });
});

describe("completion and help", () => {
  it("bash, zsh and fish scripts come from the command table", async () => {
    const h = home();
    const bash = await claw(h, ["completion", "bash"]);
    expect(bash.stdout).toContain("complete -F _claw claw");
    expect(bash.stdout).toContain("sessions)");
    expect(bash.stdout).toContain('list) opts="--agent --search --limit --json --url --token --help"');
    expect((await claw(h, ["completion", "zsh"])).stdout).toContain("bashcompinit");
    expect((await claw(h, ["completion", "fish"])).stdout).toContain(
      'complete -c claw -n "__fish_seen_subcommand_from agent" -l message -r',
    );
    expect((await claw(h, ["completion", "tcsh"])).code).toBe(2);
  });

  it("command and subcommand help are generated from the table", async () => {
    const h = home();
    expect((await claw(h, ["sessions", "--help"])).stdout).toMatch(
      /Subcommands:\n {2}list +sessions, most recent first/,
    );
    expect((await claw(h, ["agent", "--help"])).stdout).toMatch(/-m, --message TEXT +the message/);
    expect((await claw(h, ["gateway", "logs", "--help"])).stdout).toMatch(/-f, --follow/);
  });
});

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("gateway run / stop as real processes", () => {
  it("run in the foreground, status from another process, stop by SIGTERM", async () => {
    const h = home();
    const env = { ...process.env, HOME: h.home, CLAW_STATE_DIR: h.stateDir, NO_COLOR: "1" };
    const child = spawn(
      process.execPath,
      [
        "--conditions=@claw/source",
        "--import",
        "tsx",
        "test/fixtures/claw-from-source.ts",
        "gateway",
        "run",
        "--port",
        "0",
      ],
      { cwd: appDir, env },
    );
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on (ws:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1]);
      });
      child.once("exit", (code) => reject(new Error(`gateway exited ${code}`)));
    });
    const status = await claw(h, ["gateway", "status", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ reachable: true, url, pid: child.pid });
    const again = await claw(h, ["gateway", "run", "--port", "0"]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining("already running") });
    const stop = await claw(h, ["gateway", "stop"]);
    expect(stop).toMatchObject({ code: 0, stdout: `✓ stopped the gateway (pid ${child.pid})\n` });
    expect(await exited).toBe(0);
    expect(existsSync(join(h.stateDir, "gateway.json"))).toBe(false);
    const down = await claw(h, ["gateway", "status"]);
    expect(down.code).toBe(3);
    expect((await claw(h, ["gateway", "stop"])).stdout).toContain("not running");
  }, 30_000);
});

describe("approvals allowlist", () => {
  it("allow resolves a program to its real path, list shows it, revoke removes it; per agent", async () => {
    const h = home({
      agents: { defaults: { model: "faux/faux-1" }, list: [{ id: "ops", default: true }, { id: "dev" }] },
    });
    const added = await claw(h, ["approvals", "allow", "sh", "--args=-c *", "--json"]);
    expect(added.code).toBe(0);
    const entry = JSON.parse(added.stdout);
    expect(entry.pattern).toMatch(/^\/.*\/(dash|bash|sh)$/);
    expect(entry.argPattern).toBe("-c *");
    const file = JSON.parse(readFileSync(join(h.stateDir, "exec-approvals.json"), "utf8"));
    expect(file.agents.ops.allowlist).toHaveLength(1);
    const listed = await claw(h, ["approvals", "list"]);
    expect(listed.stdout).toContain(entry.pattern);
    expect(listed.stdout).toContain("-c *");
    expect((await claw(h, ["approvals", "list", "--agent", "dev"])).stdout).toMatch(/no allowlist entries/);
    const globbed = await claw(h, ["approvals", "allow", "/opt/tools/*", "--agent", "dev", "--json"]);
    expect(JSON.parse(globbed.stdout)).toMatchObject({ pattern: "/opt/tools/*" });
    expect(await claw(h, ["approvals", "revoke", entry.id.slice(0, 8)])).toMatchObject({ code: 0 });
    expect((await claw(h, ["approvals", "list", "--json"])).stdout).toBe("[]\n");
    const missing = await claw(h, ["approvals", "allow", "no-such-program-claw"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('"no-such-program-claw" is not an executable on PATH');
    const unknownRevoke = await claw(h, ["approvals", "revoke", "nothing"]);
    expect(unknownRevoke.code).toBe(1);
  });

  it("a corrupt allowlist file is reported, not overwritten", async () => {
    const h = home();
    writeFileSync(join(h.stateDir, "exec-approvals.json"), "{ broken");
    const result = await claw(h, ["approvals", "allow", "sh"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/exec-approvals\.json is not valid JSON/);
    expect(readFileSync(join(h.stateDir, "exec-approvals.json"), "utf8")).toBe("{ broken");
  });
});

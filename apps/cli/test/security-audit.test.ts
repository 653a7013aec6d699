// `claw security audit` as a real process on temp state dirs: an unsafe install exits 1 and lists
// its findings; a safe one exits 0; `--fix` tightens file modes and nothing else.
import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function stateDirWith(document: Record<string, unknown>, configMode = 0o600, dirMode = 0o700) {
  const home = mkdtempSync(join(tmpdir(), "claw-audit-e2e-"));
  homes.push(home);
  const stateDir = join(home, ".claw");
  mkdirSync(stateDir);
  chmodSync(stateDir, dirMode);
  writeFileSync(join(stateDir, "claw.json"), JSON.stringify(document));
  chmodSync(join(stateDir, "claw.json"), configMode);
  return { home, stateDir };
}

function claw(home: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--conditions=@claw/source", "--import", "tsx", "test/fixtures/claw-from-source.ts", ...args],
      { cwd: appDir, env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" } },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const UNSAFE = {
  gateway: { bind: "lan", auth: { token: "short" }, allowedOrigins: ["*"] },
  session: { dmScope: "main" },
  channels: { telegram: { dmPolicy: "open" } },
  tools: { exec: { security: "full" }, elevated: { enabled: true, allowFrom: { telegram: ["*"] } } },
  models: { providers: { openai: { apiKey: "sk-live-0123456789" } } },
};

describe("claw security audit (real process)", () => {
  it("an unsafe install: exit 1, findings grouped by severity with their fixes", async () => {
    const { home, stateDir } = stateDirWith(UNSAFE, 0o644, 0o755);
    const text = await claw(home, ["security", "audit"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^CRITICAL \(\d+\)\n/);
    expect(text.stdout.indexOf("CRITICAL")).toBeLessThan(text.stdout.indexOf("WARN"));
    expect(text.stdout.indexOf("WARN")).toBeLessThan(text.stdout.indexOf("INFO"));
    for (const id of [
      "gateway.bind",
      "gateway.auth-weak",
      "gateway.origins-any",
      "channels.dm-open",
      "session.dm-scope-shared",
      "exec.full-outside-main",
      "exec.elevated-any",
      "files.secret-mode",
      "files.state-dir-mode",
      "secrets.provider-key-literal",
    ])
      expect(text.stdout).toContain(`[${id}]`);
    expect(text.stdout).toContain(`fix: chmod 600 ${join(stateDir, "claw.json")}`);
    expect(text.stdout).not.toContain("sk-live-0123456789");

    const json = await claw(home, ["security", "audit", "--json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      counts: Record<string, number>;
      findings: { id: string; severity: string; title: string; fix: string; fixable: boolean }[];
    };
    expect(report.ok).toBe(false);
    expect(report.counts.critical).toBe(report.findings.filter((f) => f.severity === "critical").length);
    expect(report.findings.find((f) => f.id === "files.secret-mode")).toMatchObject({
      severity: "critical",
      fixable: true,
    });
    for (const f of report.findings)
      expect(Object.keys(f).sort()).toEqual(["fix", "fixable", "id", "severity", "title"]);
  }, 60_000);

  it("a safe install: exit 0; --fix repairs file modes only", async () => {
    const safe = stateDirWith({ channels: { telegram: { dmPolicy: "pairing" } } });
    const ok = await claw(safe.home, ["security", "audit"]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain("0 critical");

    const loose = stateDirWith({}, 0o644, 0o755);
    expect((await claw(loose.home, ["security", "audit"])).code).toBe(1);
    const fixed = await claw(loose.home, ["security", "audit", "--fix"]);
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain(`fixed chmod 600 ${join(loose.stateDir, "claw.json")}`);
    expect(statSync(join(loose.stateDir, "claw.json")).mode & 0o777).toBe(0o600);
    expect(statSync(loose.stateDir).mode & 0o777).toBe(0o700);
  }, 60_000);
});

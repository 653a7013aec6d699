import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@claw/sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { CommandContext } from "../../context.js";
import { runAudit } from "./audit.js";
import type { AuditFinding, Severity } from "./finding.js";
import { gatherAuditInput } from "./gather.js";

const plain = (text: string) => text;
const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

interface Home {
  home: string;
  stateDir: string;
  context: CommandContext;
}

/** A temp home whose `.claw` is private and holds `document` as a private claw.json. */
function home(document: Record<string, unknown> | string = {}): Home {
  const dir = mkdtempSync(join(tmpdir(), "claw-audit-"));
  homes.push(dir);
  const stateDir = join(dir, ".claw");
  mkdirSync(stateDir, { mode: 0o700 });
  chmodSync(stateDir, 0o700);
  const configPath = join(stateDir, "claw.json");
  writeFileSync(configPath, typeof document === "string" ? document : JSON.stringify(document), {
    mode: 0o600,
  });
  const context: CommandContext = {
    io: { stdout() {}, stderr() {}, env: {}, homeDir: dir, isTTY: false },
    style: { bold: plain, dim: plain, red: plain, green: plain, yellow: plain },
    profile: undefined,
  };
  return { home: dir, stateDir, context };
}

async function audit(h: Home, bwrapPath = "bwrap"): Promise<AuditFinding[]> {
  const { input, configError } = await gatherAuditInput(h.context, bwrapPath);
  return runAudit(input, configError);
}

const ids = (findings: AuditFinding[]) => findings.map((f) => `${f.id}:${f.severity}`);

interface Case {
  name: string;
  document?: Record<string, unknown> | string;
  setup?: (h: Home) => void;
  bwrapPath?: string;
  has: `${string}:${Severity}`[];
  lacks?: string[];
}

const CASES: Case[] = [
  {
    name: "defaults: loopback, token auth",
    has: ["gateway.ok:info", "exec.sessions:info"],
    lacks: ["gateway.bind"],
  },
  {
    name: "bind lan with a generated-length token",
    document: { gateway: { bind: "lan", auth: { token: "x".repeat(32) } } },
    has: ["gateway.bind:warn", "gateway.control-ui:warn", "gateway.tls-off:warn"],
    lacks: ["gateway.auth-weak"],
  },
  {
    name: "bind lan with a short token",
    document: { gateway: { bind: "lan", auth: { token: "hunter2" } } },
    has: ["gateway.bind:critical", "gateway.auth-weak:critical"],
  },
  {
    name: "a short token on loopback",
    document: { gateway: { auth: { token: "hunter2" } } },
    has: ["gateway.auth-weak:warn"],
  },
  {
    name: "a short password",
    document: { gateway: { auth: { mode: "password", password: "pw" } } },
    has: ["gateway.auth-weak:warn"],
  },
  {
    name: "auth none on loopback",
    document: { gateway: { auth: { mode: "none", dangerouslyAllowNoAuth: true } } },
    has: ["gateway.auth-none:warn"],
  },
  {
    name: 'allowedOrigins "*"',
    document: { gateway: { allowedOrigins: ["*"] } },
    has: ["gateway.origins-any:critical"],
  },
  {
    name: "bind lan with TLS on and no Control UI",
    document: {
      gateway: {
        bind: "10.0.0.5",
        auth: { token: "x".repeat(32) },
        tls: { enabled: true },
        controlUi: { enabled: false },
      },
    },
    has: ["gateway.bind:warn"],
    lacks: ["gateway.tls-off", "gateway.control-ui"],
  },
  {
    name: "bind to an explicit loopback address",
    document: { gateway: { bind: "127.0.0.1" } },
    has: ["gateway.ok:info"],
    lacks: ["gateway.bind"],
  },
  {
    name: 'dmPolicy "open" (and dmScope main)',
    document: { session: { dmScope: "main" }, channels: { telegram: { dmPolicy: "open" } } },
    has: ["channels.dm-open:critical", "session.dm-scope-shared:critical"],
  },
  {
    name: 'an account with allowFrom "*"',
    document: { channels: { telegram: { accounts: { work: { dmPolicy: "allowlist", allowFrom: ["*"] } } } } },
    has: ["channels.allow-any:critical"],
  },
  {
    name: "open groups without mention gating",
    document: { channels: { discord: { groupPolicy: "open", guilds: { g1: { requireMention: false } } } } },
    has: ["channels.group-ungated:warn"],
  },
  {
    name: "open groups with mention gating",
    document: { channels: { slack: { groupPolicy: "open" } } },
    has: ["channels.group-open:info"],
    lacks: ["channels.group-ungated"],
  },
  {
    name: "two allowlisted people sharing the main session",
    document: {
      session: { dmScope: "main" },
      channels: { telegram: { dmPolicy: "allowlist", allowFrom: ["11", "22"] } },
    },
    has: ["session.dm-scope-shared:critical"],
  },
  {
    name: "two allowlisted people, dmScope unset (only owners share the main session)",
    document: { channels: { telegram: { dmPolicy: "allowlist", allowFrom: ["11", "22"] } } },
    has: [],
    lacks: ["session.dm-scope-shared"],
  },
  {
    name: "two allowlisted people with a session each",
    document: {
      session: { dmScope: "per-channel-peer" },
      channels: { telegram: { dmPolicy: "allowlist", allowFrom: ["11", "22"] } },
    },
    has: [],
    lacks: ["session.dm-scope-shared"],
  },
  {
    name: "one owner only",
    document: { channels: { telegram: { dmPolicy: "allowlist", allowFrom: ["11"] } } },
    has: [],
    lacks: ["session.dm-scope-shared"],
  },
  {
    name: "two people paired by DM pairing",
    document: { session: { dmScope: "main" }, channels: { telegram: { dmPolicy: "pairing" } } },
    setup: ({ stateDir }) => {
      const db = openSqliteDatabase(join(stateDir, "state.db"));
      db.exec(
        "CREATE TABLE channel_allowed_senders (channel TEXT NOT NULL, account_id TEXT NOT NULL, sender_id TEXT NOT NULL, sender_label TEXT, approved_at INTEGER NOT NULL, PRIMARY KEY (channel, account_id, sender_id))",
      );
      const insert = db.prepare(
        "INSERT INTO channel_allowed_senders VALUES ('telegram', 'default', ?, NULL, 0)",
      );
      insert.run("11");
      insert.run("22");
      db.close();
      chmodSync(join(stateDir, "state.db"), 0o600);
    },
    has: ["session.dm-scope-shared:critical"],
  },
  {
    name: 'tools.exec.security "full" for every session, unsandboxed',
    document: { tools: { exec: { security: "full" } } },
    has: ["exec.full-outside-main:critical"],
  },
  {
    name: 'tools.exec.security "full", non-main sessions sandboxed',
    document: {
      tools: { exec: { security: "full" } },
      agents: { defaults: { sandbox: { mode: "non-main" } } },
    },
    has: ["exec.full-outside-main:warn", "sandbox.ok:info"],
    lacks: ["exec.full-outside-main:critical"],
  },
  {
    name: 'tools.elevated.allowFrom "*" while enabled',
    document: { tools: { elevated: { enabled: true, allowFrom: { telegram: ["*"] } } } },
    has: ["exec.elevated-any:critical"],
  },
  {
    name: 'tools.elevated.allowFrom "*" while disabled',
    document: { tools: { elevated: { allowFrom: { telegram: ["*"] } } } },
    has: ["exec.elevated-any:warn"],
  },
  {
    name: "sandboxed sessions without bubblewrap",
    document: { agents: { defaults: { sandbox: { mode: "all" } } } },
    bwrapPath: "/nonexistent/bwrap",
    has: ["sandbox.unavailable:warn"],
  },
  {
    name: "state dir readable by others",
    setup: ({ stateDir }) => chmodSync(stateDir, 0o755),
    has: ["files.state-dir-mode:warn"],
  },
  {
    name: "state dir writable by everyone",
    setup: ({ stateDir }) => chmodSync(stateDir, 0o777),
    has: ["files.state-dir-mode:critical"],
  },
  {
    name: "claw.json and gateway.token readable by others",
    setup: ({ stateDir }) => {
      chmodSync(join(stateDir, "claw.json"), 0o644);
      writeFileSync(join(stateDir, "gateway.token"), "x".repeat(32), { mode: 0o640 });
      chmodSync(join(stateDir, "gateway.token"), 0o640);
    },
    has: ["files.secret-mode:critical"],
  },
  {
    name: "auth-profiles.json readable by others",
    setup: ({ stateDir }) => {
      mkdirSync(join(stateDir, "agents", "main"), { recursive: true });
      writeFileSync(join(stateDir, "agents", "main", "auth-profiles.json"), "{}", { mode: 0o644 });
      chmodSync(join(stateDir, "agents", "main", "auth-profiles.json"), 0o644);
    },
    has: ["files.secret-mode:critical"],
  },
  {
    name: "a workspace that contains the state dir",
    document: { agents: { defaults: { workspace: "~" } } },
    has: ["files.workspace-holds-state:critical"],
  },
  {
    name: "the default workspace inside the state dir",
    has: ["files.workspace-in-state:info"],
  },
  {
    name: "a provider key written literally",
    document: { models: { providers: { openai: { apiKey: "sk-live-123" } } } },
    has: ["secrets.provider-key-literal:warn"],
  },
  {
    name: "a provider key from the environment",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the ${ENV} reference under test
    document: { models: { providers: { openai: { apiKey: "${OPENAI_API_KEY}" } } } },
    has: [],
    lacks: ["secrets.provider-key-literal"],
  },
  {
    name: "a channel token written literally",
    document: { channels: { telegram: { botToken: "123:abc" } } },
    has: ["secrets.literal:warn"],
  },
  {
    name: "a config that does not load",
    document: '{ "gateway": { "port": "not a port" } }',
    has: ["config.invalid:critical"],
  },
];

describe("claw security audit findings", () => {
  it.each(CASES)("$name", async ({ document, setup, bwrapPath, has, lacks = [] }) => {
    const h = home(document);
    setup?.(h);
    const found = ids(await audit(h, bwrapPath));
    for (const want of has) expect(found).toContain(want);
    for (const id of lacks) expect(found.filter((f) => f === id || f.startsWith(`${id}:`))).toEqual([]);
  });

  it("reports a file owned by another user", async () => {
    if (process.getuid?.() !== 0) return;
    const h = home();
    chownSync(join(h.stateDir, "claw.json"), 4242, 4242);
    const owner = (await audit(h)).find((f) => f.id === "files.owner");
    expect(owner).toMatchObject({ severity: "warn", fix: `chown 0 ${join(h.stateDir, "claw.json")}` });
  });

  it("names the exact fix: the config key or the command", async () => {
    const h = home({
      session: { dmScope: "main" },
      channels: { telegram: { accounts: { work: { dmPolicy: "open" } } } },
      tools: { exec: { security: "full" } },
    });
    const findings = await audit(h);
    expect(findings.find((f) => f.id === "channels.dm-open")?.fix).toContain(
      "claw config set channels.telegram.accounts.work.dmPolicy pairing",
    );
    expect(findings.find((f) => f.id === "exec.full-outside-main")?.fix).toContain(
      "claw config set tools.exec.security allowlist",
    );
    expect(findings.find((f) => f.id === "session.dm-scope-shared")?.fix).toContain(
      "claw config set session.dmScope per-channel-peer",
    );
  });

  it("lists critical findings first", async () => {
    const h = home({ gateway: { allowedOrigins: ["*"] } });
    const severities = (await audit(h)).map((f) => f.severity);
    expect(severities).toEqual([...severities].sort((a, b) => rank(a) - rank(b)));
    expect(severities[0]).toBe("critical");
  });
});

const rank = (s: Severity) => ["critical", "warn", "info"].indexOf(s);

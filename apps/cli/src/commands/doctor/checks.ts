/**
 * The doctor's checks, as a table. Each looks at one thing and returns findings; a finding says
 * what is wrong, how to fix it, and (when safe) carries the repair `--fix` runs.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import {
  type ClawConfig,
  ConfigError,
  type ConfigPaths,
  loadConfig,
  parseJson5,
  resolveAgentWorkspaceDir,
} from "@claw/config";
import { parseModelRef } from "@claw/ids";
import type { CommandContext } from "../../context.js";
import { readGatewayStateFile, withGateway } from "../../gateway-target.js";
import { listAgents } from "../../local-state/agents.js";
import { browserFindings } from "./browser-check.js";
import { migrateLegacyKeys } from "./legacy.js";
import { sandboxFindings } from "./sandbox-check.js";

export interface Finding {
  check: string;
  level: "ok" | "warn" | "fail";
  message: string;
  /** What a person should do. */
  fix?: string;
  /** A safe automatic repair, run by `--fix`. */
  repair?: () => Promise<void> | void;
}

export interface DoctorInput {
  context: CommandContext;
  paths: ConfigPaths;
  /** Undefined when the config does not load (the config check reports why). */
  config: ClawConfig | undefined;
}

type Check = (input: DoctorInput) => Promise<Finding[]>;

const ok = (check: string, message: string): Finding => ({ check, level: "ok", message });

const node: Check = async () => {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  return major > 20 || (major === 20 && minor >= 19)
    ? [ok("node", `Node ${process.versions.node}`)]
    : [
        {
          check: "node",
          level: "fail",
          message: `Node ${process.versions.node} is too old`,
          fix: "install Node 20.19 or newer (22 LTS recommended)",
        },
      ];
};

const nativeModules: Check = async () => {
  const findings: Finding[] = [];
  try {
    const { openSqliteDatabase, sqliteDriverInfo } = await import("@claw/sqlite");
    const db = openSqliteDatabase(":memory:");
    try {
      const driver = sqliteDriverInfo();
      findings.push(ok("native", `better-sqlite3 ${driver.version} loads (Node-API ${driver.nodeApi})`));
      const memoryRequire = createRequire(import.meta.resolve("@claw/memory"));
      const vec = memoryRequire("sqlite-vec") as { load(db: unknown): void };
      vec.load(db);
      findings.push(ok("native", "sqlite-vec loads"));
    } finally {
      db.close();
    }
  } catch (error) {
    findings.push({
      check: "native",
      level: "fail",
      message: `a native module does not load: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      fix: "reinstall for this Node version: `npm rebuild better-sqlite3` (or reinstall @claw/cli); Node 22.14+ and 24 use the prebuilt better-sqlite3 13",
    });
  }
  return findings;
};

const configFile: Check = async ({ context, paths }) => {
  try {
    const loaded = loadConfig({
      env: context.io.env,
      homeDir: context.io.homeDir,
      ...(context.profile ? { profile: context.profile } : {}),
    });
    const findings = [
      ok("config", loaded.exists ? `${paths.configPath} is valid` : "no config file: built-in defaults"),
    ];
    if (!loaded.exists)
      findings[0] = {
        check: "config",
        level: "warn",
        message: `no config file at ${paths.configPath}`,
        fix: "run `claw onboard`",
      };
    return findings;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const legacy = legacyFinding(paths.configPath);
    return [
      {
        check: "config",
        level: "fail",
        message: error.message.split("\n").slice(0, 4).join(" "),
        fix: "run `claw config validate` and fix each line it names",
      },
      ...(legacy ? [legacy] : []),
    ];
  }
};

function legacyFinding(configPath: string): Finding | undefined {
  if (!existsSync(configPath)) return undefined;
  const document = parseJson5(readFileSync(configPath, "utf8"), configPath);
  const migrated = migrateLegacyKeys(document);
  if (migrated.moved.length === 0) return undefined;
  return {
    check: "config",
    level: "fail",
    message: `legacy keys: ${migrated.moved.map((m) => `${m.from} → ${m.to}`).join(", ")}`,
    fix: "`claw doctor --fix` moves them (the old file is kept as .bak)",
    repair: async () => {
      const { writeConfigFile } = await import("@claw/config");
      writeConfigFile(configPath, migrated.document);
    },
  };
}

function modeFinding(path: string, want: number, what: string): Finding | undefined {
  if (!existsSync(path) || process.platform === "win32") return undefined;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return undefined;
  return {
    check: "permissions",
    level: "fail",
    message: `${what} ${path} is readable by others (mode ${mode.toString(8)})`,
    fix: `chmod ${want.toString(8)} ${path}`,
    repair: () => chmodSync(path, want),
  };
}

const permissions: Check = async ({ paths, config }) => {
  if (!existsSync(paths.stateDir))
    return [
      {
        check: "permissions",
        level: "warn",
        message: `state dir ${paths.stateDir} does not exist`,
        fix: "run `claw onboard`",
        repair: () => {
          mkdirSync(paths.stateDir, { recursive: true, mode: 0o700 });
        },
      },
    ];
  const files = [
    modeFinding(paths.stateDir, 0o700, "state dir"),
    modeFinding(join(paths.stateDir, "gateway.token"), 0o600, "gateway token"),
    ...(config ? listAgents(config) : []).map((a) =>
      modeFinding(join(paths.stateDir, "agents", a.id, "auth-profiles.json"), 0o600, "API keys file"),
    ),
  ].filter((f): f is Finding => f !== undefined);
  return files.length > 0 ? files : [ok("permissions", `${paths.stateDir} and its secrets are private`)];
};

const portAndGateway: Check = async ({ context, paths, config }) => {
  if (!config) return [];
  const running = readGatewayStateFile(paths.stateDir);
  if (running) {
    const reached = await withGateway(context, {}, (client) => client.request("health", {})).then(
      () => true,
      () => false,
    );
    return reached
      ? [ok("gateway", `gateway reachable at ${running.url} (pid ${running.pid})`)]
      : [
          {
            check: "gateway",
            level: "fail",
            message: `gateway pid ${running.pid} is alive but ${running.url} does not answer`,
            fix: "restart it: `claw gateway stop && claw gateway run`",
          },
        ];
  }
  const port = config.gateway.port;
  const free = await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
  return [
    free
      ? ok("port", `port ${port} is free`)
      : {
          check: "port",
          level: "fail",
          message: `port ${port} is in use by another program`,
          fix: `pick another: \`claw config set gateway.port ${port + 1}\``,
        },
    {
      check: "gateway",
      level: "warn",
      message: "the gateway is not running",
      fix: "start it with `claw gateway run`",
    },
  ];
};

const credentials: Check = async ({ context, paths, config }) => {
  if (!config) return [];
  const [{ listCredentials }, { findProvider }] = await Promise.all([
    import("../../local-state/credentials.js"),
    import("@claw/providers"),
  ]);
  const found = await listCredentials(config, paths.stateDir, context.io.env).catch(
    (error: unknown) => error as Error,
  );
  if (found instanceof Error)
    return [{ check: "auth", level: "fail", message: found.message, fix: "fix the file it names" }];
  // One finding per provider, naming every agent and model that needs it.
  const needs = new Map<string, string[]>();
  for (const agent of listAgents(config))
    for (const ref of [agent.primary, ...agent.fallbacks]) {
      const provider = parseModelRef(ref)?.provider ?? "";
      needs.set(provider, [...(needs.get(provider) ?? []), `${agent.id} → ${ref}`]);
    }
  return [...needs].map(([provider, users]): Finding => {
    const facts = findProvider(provider);
    const has =
      found.some((c) => c.provider === provider) ||
      facts?.keyless === true ||
      config.models.providers?.[provider]?.baseUrl !== undefined;
    if (has) return ok("auth", `a credential for ${provider} (${users.join(", ")})`);
    const variable = facts?.envKeys[0];
    return {
      check: "auth",
      level: "fail",
      message: `no ${provider} credential, needed by ${users.join(", ")}`,
      fix: variable
        ? `run \`claw onboard --provider ${provider}\`, or export ${variable}=<key> before starting the gateway`
        : `run \`claw onboard --provider ${provider}\`, or set models.providers.${provider}.apiKey`,
    };
  });
};

const workspaces: Check = async ({ context, paths, config }) => {
  if (!config) return [];
  const { BOOTSTRAP_FILES, seedWorkspace } = await import("@claw/prompt");
  return listAgents(config).map((agent) => {
    const dir = resolveAgentWorkspaceDir(config, agent.id, {
      homeDir: context.io.homeDir,
      stateDir: paths.stateDir,
    });
    const names = BOOTSTRAP_FILES.filter((f) => !f.optional).map((f) => f.name);
    const missing = names.filter((name) => !existsSync(join(dir, name)));
    if (missing.length === 0) return ok("workspace", `agent ${agent.id}: ${dir}`);
    return {
      check: "workspace",
      level: "warn",
      message: `agent ${agent.id}: ${dir} lacks ${missing.join(", ")}`,
      fix: "`claw doctor --fix` adds the starter files (existing files are left alone)",
      repair: async () => {
        await seedWorkspace(dir);
      },
    } satisfies Finding;
  });
};

/** Every check, in the order they are reported. */
export const CHECKS: readonly { name: string; run: Check }[] = [
  { name: "node", run: node },
  { name: "native modules", run: nativeModules },
  { name: "config", run: configFile },
  { name: "permissions", run: permissions },
  { name: "port and gateway", run: portAndGateway },
  { name: "credentials", run: credentials },
  { name: "workspaces", run: workspaces },
  { name: "sandbox", run: ({ config }) => sandboxFindings(config) },
  { name: "browser", run: ({ config }) => browserFindings(config) },
];

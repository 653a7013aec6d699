/**
 * `claw-tui` / `claw tui`: parses arguments, finds the gateway (or starts an embedded one with
 * `--local`) and runs the TUI until the person quits.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { gatewayStatePath, readGatewayToken } from "@claw/app-gateway/paths";
import { loadConfig } from "@claw/config";
import { type RunTuiOptions, runTui } from "./run-tui.js";

export interface TuiCliOptions {
  url?: string;
  token?: string;
  password?: string;
  session?: string;
  agent?: string;
  local: boolean;
  profile?: string;
  help: boolean;
}

export const USAGE = `usage: claw tui [--url ws://host:port] [--token T] [--password P] [--session KEY]
                [--agent ID] [--local] [--profile NAME]

  --local     start an embedded gateway for this session instead of connecting to one
  --url       gateway URL (default: the running gateway's gateway.json, then gateway.port)
  --token     gateway token (default: gateway.auth.token, CLAW_GATEWAY_TOKEN, <state>/gateway.token)
  --session   session key to open (default agent:<agent>:main)
  --agent     agent to talk to (default main)`;

/**
 * @example
 * parseTuiArgs(["--local", "--agent", "work"]); // → { local: true, agent: "work", help: false }
 */
export function parseTuiArgs(argv: readonly string[]): TuiCliOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: "string" },
      token: { type: "string" },
      password: { type: "string" },
      session: { type: "string" },
      agent: { type: "string" },
      profile: { type: "string" },
      local: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  return { ...values, local: values.local ?? false, help: values.help ?? false };
}

/** Where to connect: flags, then env, then the running gateway's state file, then config. */
export async function resolveTarget(
  cli: TuiCliOptions,
  env: Readonly<Record<string, string | undefined>>,
  homeDir = homedir(),
): Promise<Pick<RunTuiOptions, "url" | "token" | "password" | "stateDir" | "onExit">> {
  const { config, paths } = loadConfig({ env, homeDir, profile: cli.profile });
  const stateDir = paths.stateDir;
  if (cli.local) {
    // The whole runtime loads only for --local; connecting to a running gateway needs none of it.
    const { startClaw } = await import("@claw/app-gateway");
    const claw = await startClaw({ config, stateDir, configPath: paths.configPath, port: 0, env, homeDir });
    return { url: claw.url, token: claw.token, stateDir, onExit: () => claw.close() };
  }
  let url = cli.url ?? env.CLAW_GATEWAY_URL;
  if (!url && existsSync(gatewayStatePath(stateDir))) {
    try {
      url = (JSON.parse(readFileSync(gatewayStatePath(stateDir), "utf8")) as { url?: string }).url;
    } catch {
      url = undefined;
    }
  }
  url ??= `ws://127.0.0.1:${config.gateway.port}`;
  const token = cli.token ?? readGatewayToken(config, stateDir, env);
  const password = cli.password ?? env.CLAW_GATEWAY_PASSWORD;
  return { url, token, password, stateDir };
}

/** The program: returns the exit code. */
export async function tuiMain(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let cli: TuiCliOptions;
  try {
    cli = parseTuiArgs(argv);
  } catch (err) {
    process.stderr.write(`claw tui: ${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    return 2;
  }
  if (cli.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const target = await resolveTarget(cli, env);
  const tui = await runTui({ ...target, sessionKey: cli.session, agentId: cli.agent, env });
  await tui.done;
  return 0;
}

/**
 * The gateway process: `claw-gateway [--port N] [--bind HOST] [--profile NAME]`.
 * Loads the config, starts, logs one line with the URL and auth mode, and shuts down
 * gracefully on SIGINT/SIGTERM.
 */
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "@claw/config";
import { bindHost } from "./paths.js";
import { startClaw } from "./start.js";
import { logUnhandledRejections } from "./unhandled-rejections.js";

async function main(): Promise<number> {
  let values: { port?: string; bind?: string; profile?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" },
        bind: { type: "string" },
        profile: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    process.stderr.write(`claw-gateway: ${(error as Error).message}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write("Usage: claw-gateway [--port N] [--bind loopback|lan|HOST] [--profile NAME]\n");
    return 0;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65_535)) {
    process.stderr.write(`claw-gateway: --port must be an integer from 0 to 65535, got "${values.port}"\n`);
    return 2;
  }
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig({ env: process.env, homeDir: homedir(), profile: values.profile });
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    return 1;
  }
  const claw = await startClaw({
    config: loaded.config,
    stateDir: loaded.paths.stateDir,
    configPath: loaded.paths.configPath,
    port,
    host: values.bind ? bindHost(values.bind) : undefined,
    echoLog: process.env.CLAW_LOG_STDERR ? (line) => process.stderr.write(`${line}\n`) : undefined,
  });
  logUnhandledRejections(claw.log);
  const auth =
    claw.authMode === "token"
      ? `token (in ${loaded.paths.stateDir}/gateway.token or gateway.auth.token)`
      : claw.authMode;
  process.stdout.write(`claw gateway listening on ${claw.url} — auth: ${auth} — pid ${process.pid}\n`);
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      process.stdout.write(`claw gateway: ${signal}, shutting down…\n`);
      claw
        .close({
          reason: signal === "SIGUSR2" ? "restart" : "shutdown",
          restartExpectedMs: signal === "SIGUSR2" ? 2000 : undefined,
        })
        .then(
          () => resolve(0),
          (error: unknown) => {
            process.stderr.write(`claw gateway: shutdown did not finish cleanly: ${String(error)}\n`);
            resolve(1);
          },
        );
    };
    process.once("SIGINT", () => stop("SIGINT"));
    process.once("SIGTERM", () => stop("SIGTERM"));
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`claw-gateway: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);

/**
 * `claw gateway run`: the gateway in the foreground (Ctrl-C or SIGTERM closes it gracefully), or
 * with `--detach` the `claw-gateway` process in the background, logging to `<state dir>/logs`.
 */
import { spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { CliError, type CommandContext, EXIT_OK, UsageError } from "../../context.js";
import { readGatewayStateFile } from "../../gateway-target.js";

function portFlag(values: ParsedCommandArgs["values"]): number | undefined {
  const raw = stringFlag(values, "port");
  if (raw === undefined) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${raw}"`, "e.g. --port 18789");
  return port;
}

export async function gatewayRun({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const port = portFlag(values);
  const bind = stringFlag(values, "bind");
  const { config, paths } = loadCliConfig(context);
  const already = readGatewayStateFile(paths.stateDir);
  if (already)
    throw new CliError(`a gateway is already running at ${already.url} (pid ${already.pid})`, {
      hint: "stop it with `claw gateway stop`, or check it with `claw gateway status`",
    });
  if (values.detach) return detach(context, paths.stateDir, port, bind);
  const { bindHost, startClaw } = await import("@claw/app-gateway");
  const claw = await startClaw({
    config,
    stateDir: paths.stateDir,
    configPath: paths.configPath,
    homeDir: context.io.homeDir,
    env: context.io.env,
    ...(port !== undefined ? { port } : {}),
    ...(bind ? { host: bindHost(bind) } : {}),
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    throw new CliError(`the gateway did not start: ${message}`, {
      hint: inUse
        ? "another program uses the port: pick one with --port, or `claw doctor`"
        : "see `claw doctor`",
    });
  });
  const auth = claw.authMode === "token" ? `token (${join(paths.stateDir, "gateway.token")})` : claw.authMode;
  context.io.stdout(`claw gateway listening on ${claw.url} — auth: ${auth} — pid ${process.pid}\n`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      context.io.stderr(`claw gateway: ${signal}, shutting down…\n`);
      void claw.close({ reason: "shutdown" }).finally(resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return EXIT_OK;
}

/** The `claw-gateway` bin of @claw/app-gateway. */
function gatewayBin(): string {
  const entry = fileURLToPath(import.meta.resolve("@claw/app-gateway"));
  return join(dirname(entry), "..", "bin", "claw-gateway.js");
}

async function detach(
  context: CommandContext,
  stateDir: string,
  port: number | undefined,
  bind: string | undefined,
): Promise<number> {
  const logDir = join(stateDir, "logs");
  mkdirSync(logDir, { recursive: true, mode: 0o700 });
  const out = openSync(join(logDir, "gateway.out"), "a", 0o600);
  const { GATEWAY_NODE_FLAGS } = await import("@claw/app-gateway/paths");
  const args = [...GATEWAY_NODE_FLAGS, gatewayBin()];
  if (port !== undefined) args.push("--port", String(port));
  if (bind) args.push("--bind", bind);
  if (context.profile) args.push("--profile", context.profile);
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", out, out],
    env: { ...context.io.env, HOME: context.io.homeDir },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.unref();
  const deadline = Date.now() + 15_000;
  // Poll gateway.json: the child writes it once it listens; a crash ends the wait at once.
  while (Date.now() < deadline) {
    const state = readGatewayStateFile(stateDir);
    if (state && state.pid === child.pid) {
      context.io.stdout(`claw gateway started in the background: ${state.url} — pid ${state.pid}\n`);
      return EXIT_OK;
    }
    const code = await Promise.race([exited, new Promise<"wait">((r) => setTimeout(() => r("wait"), 100))]);
    if (code !== "wait")
      throw new CliError(`the gateway exited with code ${code} while starting`, {
        hint: `see ${join(logDir, "gateway.out")}`,
      });
  }
  throw new CliError("the gateway did not report ready within 15 s", {
    hint: `see ${join(logDir, "gateway.out")}; stop it with \`claw gateway stop\``,
  });
}

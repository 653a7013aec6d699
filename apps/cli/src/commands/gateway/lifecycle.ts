/** `claw gateway status` and `claw gateway stop`, from `<state dir>/gateway.json`. */
import { intFlag, type ParsedCommandArgs } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { CliError, type CommandContext, EXIT_ABORTED, EXIT_OK, EXIT_UNREACHABLE } from "../../context.js";
import { pidAlive, readGatewayStateFile, resolveGatewayTarget, withGateway } from "../../gateway-target.js";
import { toJson } from "../../render/table.js";

export async function gatewayStatus({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { paths } = loadCliConfig(context);
  const state = readGatewayStateFile(paths.stateDir);
  const probe = await withGateway(context, values, async (client, target) => {
    const started = performance.now();
    await client.request("health", {});
    return { reachable: true as const, url: target.url, rttMs: Math.round(performance.now() - started) };
  }).catch((error: unknown) => {
    if (error instanceof CliError && error.exitCode === EXIT_UNREACHABLE)
      return {
        reachable: false as const,
        url: resolveGatewayTarget(context, values).url,
        error: error.message,
      };
    throw error;
  });
  const report = {
    ...probe,
    pid: state?.pid ?? null,
    startedAt: state?.startedAt ?? null,
    version: state?.version ?? null,
    stateFile: state !== undefined,
  };
  if (values.json) context.io.stdout(toJson(report));
  else if (probe.reachable) {
    const pid = state
      ? `pid ${state.pid}, up ${Math.round((Date.now() - state.startedAt) / 1000)}s`
      : "pid unknown (no gateway.json)";
    context.io.stdout(
      `${context.style.green("●")} gateway running at ${probe.url} — ${pid}, health in ${probe.rttMs} ms\n`,
    );
  } else
    context.io.stdout(
      `${context.style.red("●")} gateway not reachable at ${probe.url}${state ? ` (pid ${state.pid} is alive but does not answer)` : ""} — start it with \`claw gateway run\`\n`,
    );
  return probe.reachable ? EXIT_OK : EXIT_UNREACHABLE;
}

export async function gatewayStop({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const timeoutSeconds = intFlag(values, "timeout") ?? 10;
  const { paths } = loadCliConfig(context);
  const state = readGatewayStateFile(paths.stateDir);
  if (!state) {
    context.io.stdout("claw gateway is not running (no live pid in gateway.json)\n");
    return EXIT_OK;
  }
  process.kill(state.pid, "SIGTERM");
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (pidAlive(state.pid)) {
    if (Date.now() > deadline)
      throw new CliError(`the gateway (pid ${state.pid}) is still running after ${timeoutSeconds} s`, {
        hint: `it may be finishing runs; wait, or force it with \`kill -9 ${state.pid}\``,
        exitCode: EXIT_ABORTED,
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  context.io.stdout(`${context.style.green("✓")} stopped the gateway (pid ${state.pid})\n`);
  return EXIT_OK;
}

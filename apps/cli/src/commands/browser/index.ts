/**
 * `claw browser`: the gateway's managed browsers — `status` (Chromium and every profile),
 * `start` / `stop` a profile's browser, `profiles` on disk. The gateway owns the browsers (its
 * agents use them), so every subcommand goes through it.
 */
import type { BrowserProfileInfo } from "@claw/browser";
import type { ParsedCommandArgs } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, renderTable, toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

function profileTable(profiles: readonly BrowserProfileInfo[]): string {
  return renderTable(
    ["PROFILE", "STATE", "TABS", "MODE", "LAST USED", "USER DATA"],
    profiles.map((p) => [
      p.profile,
      p.running ? "running" : "stopped",
      String(p.tabs),
      p.headless ? "headless" : "headed",
      p.lastUsedAtMs ? ago(p.lastUsedAtMs) : "-",
      p.userDataDir,
    ]),
  );
}

async function status({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const result = await withGateway(context, values, (client) => client.request("browser.status", {}));
  if (values.json) {
    context.io.stdout(toJson(result));
    return EXIT_OK;
  }
  context.io.stdout(
    result.problem ? `chromium: ${result.problem}\n` : `chromium: ${result.executablePath ?? "found"}\n`,
  );
  context.io.stdout(
    result.profiles.length === 0
      ? "no browser profiles yet (an agent's first browser action starts one; or `claw browser start`)\n"
      : profileTable(result.profiles),
  );
  return EXIT_OK;
}

/** The one optional PROFILE argument. */
function profileArg(command: string, positionals: readonly string[]): string | undefined {
  const [profile, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`browser ${command} takes at most one PROFILE (an agent id)`);
  return profile;
}

async function start({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const profile = profileArg("start", positionals);
  const started = await withGateway(context, values, (client) =>
    client.request("browser.start", profile ? { profile } : {}),
  );
  if (values.json) context.io.stdout(toJson(started));
  else
    context.io.stdout(
      `browser ${started.profile} is running (${started.headless ? "headless" : "headed"})\n`,
    );
  return EXIT_OK;
}

async function stop({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const profile = profileArg("stop", positionals);
  const result = await withGateway(context, values, (client) =>
    client.request("browser.stop", values.all ? { all: true } : profile ? { profile } : {}),
  );
  if (values.json) context.io.stdout(toJson(result));
  else
    context.io.stdout(
      result.stopped.length === 0 ? "no browser was running\n" : `stopped: ${result.stopped.join(", ")}\n`,
    );
  return EXIT_OK;
}

async function profiles({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const result = await withGateway(context, values, (client) => client.request("browser.profiles", {}));
  if (values.json) context.io.stdout(toJson(result));
  else
    context.io.stdout(
      result.profiles.length === 0 ? "no browser profiles yet\n" : profileTable(result.profiles),
    );
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("browser", { status, start, stop, profiles }, args, context);
export default { run } satisfies CommandModule;

/**
 * `claw import openclaw [--from DIR] [--dry-run] [--force] [--json]`: brings an OpenClaw user's
 * config, credentials, workspaces, sessions, cron jobs and memory into Claw's state dir. Reads
 * the OpenClaw folder without ever writing to it; running it twice changes nothing the second time.
 */
import { join } from "node:path";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_OK } from "../../context.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { configPathsFor } from "../config/load.js";
import { applyImportPlan } from "./plan/apply-plan.js";
import { buildImportPlan } from "./plan/build-plan.js";
import { printReport, reportJson } from "./render.js";
import { readOpenClawState } from "./source/read-state.js";

async function openclaw({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { expandUserPath } = await import("@claw/config");
  const home = context.io.homeDir;
  const from = expandUserPath(
    stringFlag(values, "from") ?? context.io.env.OPENCLAW_STATE_DIR ?? join(home, ".openclaw"),
    home,
    process.cwd(),
  );
  const paths = configPathsFor(context);
  const target = {
    stateDir: paths.stateDir,
    configPath: paths.configPath,
    homeDir: home,
    force: values.force === true,
  };
  const dryRun = values["dry-run"] === true;
  const state = readOpenClawState(from);
  const plan = buildImportPlan(state, target);
  if (!dryRun) await applyImportPlan(plan, target, context);
  if (values.json) context.io.stdout(toJson(reportJson(state, plan, dryRun, paths.stateDir)));
  else printReport(context, state, plan, { dryRun, stateDir: paths.stateDir });
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("import", { openclaw }, args, context);
export default { run } satisfies CommandModule;

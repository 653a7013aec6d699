/** `claw cron add|list|edit|remove|run|runs|enable|disable`, through the gateway. */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { intFlag, type ParsedCommandArgs, stringFlag } from "../../args.js";
import type { SubcommandSpec } from "../../command-spec.js";
import { CliError, type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { jobFromFlags, patchFromFlags } from "./job-flags.js";
import { describeSchedule, jobTable, runStatus, runTable } from "./render.js";

function oneId(positionals: string[], spec: SubcommandSpec): string {
  const [id, ...extra] = positionals;
  if (id === undefined || extra.length > 0)
    throw new UsageError(`cron ${spec.name} needs one job ID`, "list them with `claw cron list`");
  return id;
}

async function add({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const input = jobFromFlags(values, Date.now());
  const job = await withGateway(context, values, (client) => client.request("cron.add", input));
  if (values.json) context.io.stdout(toJson(job));
  else
    context.io.stdout(
      `${context.style.green("✓")} added ${job.id} "${job.name}" (${describeSchedule(job.schedule)})${job.state.nextRunAtMs !== undefined ? `, next ${new Date(job.state.nextRunAtMs).toISOString()}` : ""}\n`,
    );
  return EXIT_OK;
}

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const agentId = stringFlag(values, "agent");
  const result = await withGateway(context, values, (client) =>
    client.request("cron.list", { includeDisabled: values.all !== false, ...(agentId ? { agentId } : {}) }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (result.jobs.length === 0)
    context.io.stdout('no cron jobs — add one with `claw cron add --name tea --at 20m -m "Tea is ready"`\n');
  else context.io.stdout(jobTable(result.jobs));
  return EXIT_OK;
}

async function edit(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const id = oneId(positionals, spec);
  const patch = patchFromFlags(values, Date.now());
  const job = await withGateway(context, values, (client) => client.request("cron.update", { id, patch }));
  if (values.json) context.io.stdout(toJson(job));
  else
    context.io.stdout(
      `${context.style.green("✓")} updated ${job.id} "${sanitizeTerminalText(job.name)}" (${describeSchedule(job.schedule)})\n`,
    );
  return EXIT_OK;
}

const setEnabled =
  (enabled: boolean) =>
  async ({ values, positionals }: ParsedCommandArgs, context: CommandContext, spec: SubcommandSpec) => {
    const id = oneId(positionals, spec);
    const job = await withGateway(context, values, (client) =>
      client.request("cron.update", { id, patch: { enabled } }),
    );
    if (values.json) context.io.stdout(toJson(job));
    else
      context.io.stdout(
        `${context.style.green("✓")} ${enabled ? "enabled" : "disabled"} ${job.id} "${sanitizeTerminalText(job.name)}"\n`,
      );
    return EXIT_OK;
  };

async function remove(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const id = oneId(positionals, spec);
  const result = await withGateway(context, values, (client) => client.request("cron.remove", { id }));
  if (!result.removed) throw new CliError(`no cron job "${id}"`, { hint: "list them with `claw cron list`" });
  context.io.stdout(`${context.style.green("✓")} removed ${id}\n`);
  return EXIT_OK;
}

async function runNow(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) {
  const id = oneId(positionals, spec);
  const result = await withGateway(context, values, (client) =>
    client.request("cron.run", { id, mode: values.due === true ? "due" : "force" }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (!result.ran) context.io.stdout(`not run: ${sanitizeTerminalText(String(result.reason))}\n`);
  else
    context.io.stdout(
      `${result.status === "ok" ? context.style.green("✓") : "✗"} ${result.status}: ${sanitizeTerminalText(result.error ?? result.summary ?? "")}\n`,
    );
  return result.ran && result.status !== "ok" ? 1 : EXIT_OK;
}

async function runs({ values, positionals }: ParsedCommandArgs, context: CommandContext) {
  const [id] = positionals;
  const limit = intFlag(values, "limit");
  const result = await withGateway(context, values, (client) =>
    client.request("cron.runs", {
      ...(id ? { id } : { scope: "all" as const }),
      ...(limit ? { limit } : {}),
    }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (result.entries.length === 0) context.io.stdout("no runs yet\n");
  else {
    context.io.stdout(runTable(result.entries));
    const notable = result.entries.filter((e) => runStatus(e) !== "ok").length;
    if (result.hasMore)
      context.io.stdout(`… ${result.total - result.entries.length} older runs (--limit N)\n`);
    if (notable > 0) context.io.stdout(`${notable} run(s) did not end ok: DETAIL says why\n`);
  }
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands(
    "cron",
    { add, list, edit, remove, run: runNow, runs, enable: setEnabled(true), disable: setEnabled(false) },
    args,
    context,
  );
export default { run } satisfies CommandModule;

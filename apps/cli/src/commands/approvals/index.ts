/**
 * `claw approvals`: commands waiting for approval (`pending`, `resolve`, through the gateway)
 * and the per-agent exec allowlist (`list`, `allow`, `revoke`, in `<state dir>/exec-approvals.json`,
 * which the running gateway re-reads on change).
 */
import { join } from "node:path";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import { CliError, type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { pickAgent } from "../../local-state/agents.js";
import { renderTable, toJson, until, untrustedRows } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

const DECISIONS: Record<string, "allow-once" | "allow-always" | "deny"> = {
  "allow-once": "allow-once",
  once: "allow-once",
  a: "allow-once",
  "allow-always": "allow-always",
  always: "allow-always",
  A: "allow-always",
  deny: "deny",
  d: "deny",
};

async function allowlistStore(context: CommandContext, values: ParsedCommandArgs["values"]) {
  const { config, paths } = loadCliConfig(context);
  const agent = pickAgent(config, stringFlag(values, "agent"));
  const { ExecAllowlistStore } = await import("@claw/tools");
  return { agentId: agent.id, store: new ExecAllowlistStore(join(paths.stateDir, "exec-approvals.json")) };
}

async function pending({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const list = await withGateway(context, values, (client) => client.request("exec.approval.list", {}));
  if (values.json) context.io.stdout(toJson(list));
  else if (list.length === 0) context.io.stdout("no commands are waiting for approval\n");
  else
    context.io.stdout(
      renderTable(
        ["ID", "AGENT", "SESSION", "EXPIRES", "COMMAND", "WHY"],
        untrustedRows(
          list.map((a) => [
            a.id,
            a.request.agentId ?? "-",
            a.request.sessionKey ?? "-",
            `in ${until(a.expiresAtMs)}`,
            a.request.command,
            a.request.reason ?? "",
          ]),
        ),
      ),
    );
  return EXIT_OK;
}

async function resolve({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const [id, word, ...extra] = positionals;
  const decision = word === undefined ? undefined : DECISIONS[word];
  if (!id || !decision || extra.length > 0)
    throw new UsageError(
      "approvals resolve needs an ID and a decision: allow-once (a), allow-always (A) or deny (d)",
      "list pending ones with `claw approvals pending`",
    );
  const result = await withGateway(context, values, async (client) => {
    const all = await client.request("exec.approval.list", {});
    const matches = all.filter((a) => a.id === id || (id.length >= 6 && a.id.startsWith(id)));
    const [match, other] = matches;
    if (!match) throw new CliError(`no pending approval "${id}"`, { hint: "see `claw approvals pending`" });
    if (other) throw new UsageError(`"${id}" matches ${matches.length} approvals; give more of the id`);
    return client.request("exec.approval.resolve", { id: match.id, decision });
  });
  if (values.json) context.io.stdout(toJson(result));
  else context.io.stdout(`${result.decision}: ${result.id}\n`);
  return EXIT_OK;
}

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { agentId, store } = await allowlistStore(context, values);
  const entries = store.list(agentId);
  if (values.json) context.io.stdout(toJson(entries));
  else if (entries.length === 0)
    context.io.stdout(
      `agent ${agentId} has no allowlist entries (safe read-only programs like ls, cat, grep are always allowed) — add one with \`claw approvals allow PROGRAM\`\n`,
    );
  else
    context.io.stdout(
      renderTable(
        ["ID", "PROGRAM", "ARGUMENTS", "SOURCE"],
        untrustedRows(
          entries.map((e) => [e.id.slice(0, 8), e.pattern, e.argPattern ?? "(any)", e.source ?? "cli"]),
        ),
      ),
    );
  return EXIT_OK;
}

async function allow({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const [program, ...extra] = positionals;
  if (!program || extra.length > 0)
    throw new UsageError(
      "approvals allow needs one PROGRAM (a name on PATH, a path, or a path glob like /usr/bin/*)",
      'e.g. claw approvals allow git --args "status*"',
    );
  const { agentId, store } = await allowlistStore(context, values);
  const { resolveProgram } = await import("@claw/tools");
  const pattern = /[*?]/.test(program)
    ? program
    : await resolveProgram(program, { cwd: process.cwd(), path: context.io.env.PATH ?? "" });
  if (!pattern)
    throw new CliError(`"${program}" is not an executable on PATH`, {
      hint: "give its full path, or a path glob like /usr/local/bin/*",
    });
  const args = stringFlag(values, "args");
  const entry = store.add(agentId, { pattern, ...(args !== undefined ? { argPattern: args } : {}) });
  if (values.json) context.io.stdout(toJson(entry));
  else
    context.io.stdout(
      `allowed for agent ${agentId}: ${entry.pattern} ${entry.argPattern === undefined ? "(any arguments)" : `with arguments matching "${entry.argPattern}"`} [${entry.id.slice(0, 8)}]\n`,
    );
  return EXIT_OK;
}

async function revoke({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const [target, ...extra] = positionals;
  if (!target || extra.length > 0)
    throw new UsageError(
      "approvals revoke needs one entry ID (or its program path)",
      "see `claw approvals list`",
    );
  const { agentId, store } = await allowlistStore(context, values);
  const removed = store.revoke(agentId, target);
  if (removed.length === 0)
    throw new CliError(`agent ${agentId} has no allowlist entry "${target}"`, {
      hint: "see `claw approvals list`",
    });
  if (values.json) context.io.stdout(toJson(removed));
  else
    for (const e of removed)
      context.io.stdout(`revoked ${e.id.slice(0, 8)}: ${e.pattern} ${e.argPattern ?? ""}\n`);
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("approvals", { pending, resolve, list, allow, revoke }, args, context);
export default { run } satisfies CommandModule;

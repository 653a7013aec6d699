/** `claw routes explain CHANNEL PEER`: which agent and session a chat goes to, and which binding matched. */
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

const KINDS = ["direct", "group", "channel"] as const;

async function explain({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const [channel, peer, ...extra] = positionals;
  if (channel === undefined || peer === undefined || extra.length > 0)
    throw new UsageError(
      "routes explain needs CHANNEL and PEER",
      "e.g. `claw routes explain telegram -1001234 --kind group`",
    );
  const kind = stringFlag(values, "kind") ?? "direct";
  if (!(KINDS as readonly string[]).includes(kind))
    throw new UsageError(`--kind must be one of ${KINDS.join(", ")}, got "${kind}"`);
  const account = stringFlag(values, "account");
  const thread = stringFlag(values, "thread");
  const sender = stringFlag(values, "sender");
  const result = await withGateway(context, values, (client) =>
    client.request("channels.routes.explain", {
      channel,
      peer,
      peerKind: kind as (typeof KINDS)[number],
      ...(account ? { accountId: account } : {}),
      ...(thread ? { threadId: thread } : {}),
      ...(sender ? { sender } : {}),
    }),
  );
  if (values.json) {
    context.io.stdout(toJson(result));
    return EXIT_OK;
  }
  const lines = [`agent    ${result.agentId}`, `session  ${result.sessionKey}`, `why      ${result.reason}`];
  if (result.owner) lines.push(`sender   ${result.owner.reason}`);
  if (result.dmScope) lines.push(`dm scope ${result.dmScope.scope}: ${result.dmScope.reason}`);
  for (const c of result.considered)
    lines.push(`  ${c.matched ? context.style.green("✓") : "·"} bindings[${c.index}] (${c.tier}): ${c.why}`);
  context.io.stdout(`${lines.join("\n")}\n`);
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("routes", { explain }, args, context);
export default { run } satisfies CommandModule;

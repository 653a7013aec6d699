/** `claw message send --channel telegram --to ID TEXT`: a message to a chat, through the gateway's outbox. */
import { randomUUID } from "node:crypto";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { CliError, type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

async function send({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const to = stringFlag(values, "to");
  const text = stringFlag(values, "message") ?? positionals.join(" ");
  if (!to)
    throw new UsageError(
      "message send needs --to",
      "e.g. `claw message send --channel telegram --to 123456 hello`",
    );
  if (text.trim() === "")
    throw new UsageError("message send needs a message", "give it as text after the flags or with -m");
  const channel = stringFlag(values, "channel");
  const account = stringFlag(values, "account");
  const thread = stringFlag(values, "thread");
  const result = await withGateway(context, values, (client) =>
    client.request("send", {
      to,
      message: text,
      idempotencyKey: randomUUID(),
      ...(channel ? { channel } : {}),
      ...(account ? { accountId: account } : {}),
      ...(thread ? { threadId: thread } : {}),
    }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (result.status === "failed")
    throw new CliError(`not delivered: ${result.error ?? "the channel refused it"}`);
  else
    context.io.stdout(
      result.status === "delivered"
        ? `${context.style.green("✓")} delivered to ${result.channel} ${result.to} (${result.chunks} message${result.chunks === 1 ? "" : "s"})\n`
        : result.status === "silent"
          ? "nothing to send (only a silent token)\n"
          : `queued for ${result.channel} ${result.to}; the gateway keeps retrying (see \`claw channels status\`)\n`,
    );
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("message", { send }, args, context);
export default { run } satisfies CommandModule;

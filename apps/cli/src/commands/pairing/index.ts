/** `claw pairing list|approve|deny`: DM pairing codes of chat channels, through the gateway. */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import type { SubcommandSpec } from "../../command-spec.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, renderTable, toJson, until, untrustedRows } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const channel = stringFlag(values, "channel");
  const result = await withGateway(context, values, (client) =>
    client.request("channels.pairing.list", channel ? { channel } : {}),
  );
  if (values.json) context.io.stdout(toJson(result));
  else if (result.requests.length === 0) context.io.stdout("no pending pairing requests\n");
  else
    context.io.stdout(
      renderTable(
        ["CHANNEL", "ACCOUNT", "CODE", "SENDER", "ASKED", "EXPIRES IN"],
        untrustedRows(
          result.requests.map((r) => [
            r.channel,
            r.accountId,
            r.requestId,
            r.senderLabel === r.senderId ? r.senderId : `${r.senderLabel} (${r.senderId})`,
            ago(Date.parse(r.createdAt)),
            until(Date.parse(r.expiresAt)),
          ]),
        ),
      ),
    );
  return EXIT_OK;
}

function channelAndCode(positionals: string[], spec: SubcommandSpec): [string, string] {
  const [channel, code, ...extra] = positionals;
  if (channel === undefined || code === undefined || extra.length > 0)
    throw new UsageError(
      `pairing ${spec.name} needs CHANNEL and CODE`,
      "list the codes with `claw pairing list`",
    );
  return [channel, code];
}

async function approve(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const [channel, requestId] = channelAndCode(positionals, spec);
  const accountId = stringFlag(values, "account") ?? "default";
  const result = await withGateway(context, values, (client) =>
    client.request("channels.pairing.approve", {
      channel,
      accountId,
      requestId,
      notify: values.notify === true,
    }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else
    context.io.stdout(
      `${context.style.green("✓")} ${channel} sender ${sanitizeTerminalText(result.senderId)} may now talk to the agent${result.notification === "sent" ? " (told them)" : ""}\n`,
    );
  return EXIT_OK;
}

async function deny(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const [channel, requestId] = channelAndCode(positionals, spec);
  const accountId = stringFlag(values, "account") ?? "default";
  const result = await withGateway(context, values, (client) =>
    client.request("channels.pairing.dismiss", { channel, accountId, requestId }),
  );
  if (values.json) context.io.stdout(toJson(result));
  else context.io.stdout(`denied ${channel} sender ${sanitizeTerminalText(result.senderId)}\n`);
  return EXIT_OK;
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("pairing", { list, approve, deny }, args, context);
export default { run } satisfies CommandModule;

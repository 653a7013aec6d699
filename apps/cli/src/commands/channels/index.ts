/** `claw channels list|status|add|remove|login`: chat channel accounts in the config and in the gateway. */
import { setAtPath, unsetAtPath } from "@claw/config";
import { normalizeAccountId } from "@claw/ids";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import type { SubcommandSpec } from "../../command-spec.js";
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, renderTable, toJson } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { editConfigDocument } from "../config/write.js";

/** Chat platforms `claw channels add` knows. */
const SUPPORTED = ["telegram"] as const;

function channelArg(positionals: string[], spec: SubcommandSpec): string {
  const [channel, ...extra] = positionals;
  if (channel === undefined || extra.length > 0)
    throw new UsageError(
      `channels ${spec.name} needs one CHANNEL`,
      `e.g. \`claw channels ${spec.name} telegram\``,
    );
  if (!(SUPPORTED as readonly string[]).includes(channel))
    throw new UsageError(`unknown channel "${channel}"`, `supported: ${SUPPORTED.join(", ")}`);
  return channel;
}

/** The config path of a channel account: the channel itself for `default` without accounts. */
function accountPath(channel: string, account: string | undefined): (string | number)[] {
  return account && normalizeAccountId(account) !== "default"
    ? ["channels", channel, "accounts", normalizeAccountId(account)]
    : ["channels", channel];
}

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { config } = loadCliConfig(context);
  const rows: { channel: string; account: string; enabled: boolean; token: string; apiRoot: string }[] = [];
  const telegram = config.channels.telegram;
  if (telegram) {
    const { accounts, ...base } = telegram;
    const entries =
      accounts && Object.keys(accounts).length > 0 ? Object.entries(accounts) : [["default", {}] as const];
    for (const [id, account] of entries) {
      const merged = { ...base, ...account };
      rows.push({
        channel: "telegram",
        account: normalizeAccountId(id),
        enabled: merged.enabled ?? true,
        token: merged.botToken
          ? "botToken"
          : merged.tokenFile
            ? `tokenFile ${merged.tokenFile}`
            : "TELEGRAM_BOT_TOKEN (env)",
        apiRoot: merged.apiRoot ?? "https://api.telegram.org",
      });
    }
  }
  if (values.json) context.io.stdout(toJson(rows));
  else if (rows.length === 0)
    context.io.stdout("no channels configured — add one with `claw channels add telegram --token TOKEN`\n");
  else
    context.io.stdout(
      renderTable(
        ["CHANNEL", "ACCOUNT", "ENABLED", "TOKEN", "API ROOT"],
        rows.map((r) => [r.channel, r.account, r.enabled ? "yes" : "no", r.token, r.apiRoot]),
      ),
    );
  return EXIT_OK;
}

async function status({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const channel = stringFlag(values, "channel");
  const result = await withGateway(context, values, (client) =>
    client.request("channels.status", { probe: values.probe === true, ...(channel ? { channel } : {}) }),
  );
  if (values.json) {
    context.io.stdout(toJson(result));
    return EXIT_OK;
  }
  const rows = result.channelOrder.flatMap((id) =>
    (result.channelAccounts[id] ?? []).map((a) => [
      id,
      a.accountId,
      a.running
        ? a.connected
          ? "connected"
          : "connecting"
        : a.configured === false
          ? "not configured"
          : "stopped",
      a.mode ?? "-",
      a.lastInboundAt ? ago(a.lastInboundAt) : "-",
      a.probe && typeof a.probe === "object"
        ? (a.probe as { ok?: boolean; detail?: string; error?: string }).ok
          ? `ok ${(a.probe as { detail?: string }).detail ?? ""}`
          : `failed ${(a.probe as { error?: string }).error ?? ""}`
        : "-",
      a.lastError ?? "",
    ]),
  );
  if (rows.length === 0)
    context.io.stdout("no channels configured — add one with `claw channels add telegram --token TOKEN`\n");
  else
    context.io.stdout(
      renderTable(["CHANNEL", "ACCOUNT", "STATE", "MODE", "LAST IN", "PROBE", "ERROR"], rows),
    );
  return EXIT_OK;
}

function tokenChange(values: ParsedCommandArgs["values"]): Record<string, string> {
  const token = stringFlag(values, "token");
  const tokenFile = stringFlag(values, "token-file");
  return { ...(token ? { botToken: token } : {}), ...(tokenFile ? { tokenFile } : {}) };
}

/** Sets each field under `path` in the config document. */
function setFields(document: unknown, path: (string | number)[], fields: Record<string, unknown>): unknown {
  return Object.entries(fields).reduce(
    (doc, [key, value]) => setAtPath(doc, [...path, key], value),
    document,
  );
}

async function add(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const channel = channelArg(positionals, spec);
  const account = stringFlag(values, "account");
  const apiRoot = stringFlag(values, "api-root");
  const path = accountPath(channel, account);
  const fields: Record<string, unknown> = {
    enabled: true,
    ...tokenChange(values),
    ...(apiRoot ? { apiRoot } : {}),
  };
  return editConfigDocument(
    context,
    (document) => setFields(document, path, fields),
    `added ${channel} account ${normalizeAccountId(account)}`,
  );
}

async function login(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const channel = channelArg(positionals, spec);
  const change = tokenChange(values);
  if (Object.keys(change).length === 0)
    throw new UsageError(
      "channels login needs --token or --token-file",
      "create a bot with @BotFather and paste its token",
    );
  const path = accountPath(channel, stringFlag(values, "account"));
  return editConfigDocument(
    context,
    (document) => setFields(document, path, change),
    `stored the ${channel} credentials — check them with \`claw channels status --probe\``,
  );
}

async function remove(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const channel = channelArg(positionals, spec);
  const account = stringFlag(values, "account");
  return editConfigDocument(
    context,
    (document) => unsetAtPath(document, accountPath(channel, account)),
    `removed ${channel}${account ? ` account ${normalizeAccountId(account)}` : ""}`,
  );
}

export const run: CommandModule["run"] = (args, context) =>
  runSubcommands("channels", { list, status, add, remove, login }, args, context);
export default { run } satisfies CommandModule;

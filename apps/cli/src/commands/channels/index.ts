/**
 * `claw channels list|status|add|remove|login`: chat channel accounts (Telegram, Discord, Slack)
 * in the config and in the gateway. What each platform takes lives in ./platforms.ts.
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { setAtPath, unsetAtPath } from "@claw/config";
import { normalizeAccountId } from "@claw/ids";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { loadCliConfig } from "../../cli-config.js";
import type { SubcommandSpec } from "../../command-spec.js";
import { type CommandContext, type CommandModule, EXIT_FAILURE, EXIT_OK, UsageError } from "../../context.js";
import { withGateway } from "../../gateway-target.js";
import { ago, renderTable, toJson, untrustedRows } from "../../render/table.js";
import { runSubcommands } from "../../subcommands.js";
import { editConfigDocument } from "../config/write.js";
import { readCredentialInput } from "./credential-input.js";
import { CHANNEL_PLATFORMS, type ChannelPlatform, type FieldChange, platformOf } from "./platforms.js";
import { probeToken, tokenToProbe } from "./probe-token.js";

const SUPPORTED = CHANNEL_PLATFORMS.map((platform) => platform.id);

function channelArg(positionals: string[], spec: SubcommandSpec): ChannelPlatform {
  const [channel, ...extra] = positionals;
  if (channel === undefined || extra.length > 0)
    throw new UsageError(
      `channels ${spec.name} needs one CHANNEL`,
      `e.g. \`claw channels ${spec.name} telegram\` (supported: ${SUPPORTED.join(", ")})`,
    );
  const platform = platformOf(channel);
  if (!platform) throw new UsageError(`unknown channel "${channel}"`, `supported: ${SUPPORTED.join(", ")}`);
  return platform;
}

/** Each configured account of a channel section, merged over the section's own fields. */
function accountsOfSection(section: unknown): [string, Record<string, unknown>][] {
  if (typeof section !== "object" || section === null) return [];
  const { accounts, ...base } = section as { accounts?: Record<string, Record<string, unknown>> };
  if (!accounts || Object.keys(accounts).length === 0) return [["default", base]];
  return Object.entries(accounts).map(([id, account]) => [normalizeAccountId(id), { ...base, ...account }]);
}

/** The config path of a channel account: the channel itself for `default` without accounts. */
function accountPath(channel: string, account: string | undefined): (string | number)[] {
  return account && normalizeAccountId(account) !== "default"
    ? ["channels", channel, "accounts", normalizeAccountId(account)]
    : ["channels", channel];
}

async function list({ values }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const { config } = loadCliConfig(context);
  const sections = config.channels as Record<string, unknown>;
  const rows = CHANNEL_PLATFORMS.flatMap((platform) =>
    accountsOfSection(sections[platform.id]).map(([account, merged]) => ({
      channel: platform.id,
      account,
      enabled: merged.enabled !== false,
      token: platform.tokenSource(merged),
      apiRoot: platform.apiRoot(merged) ?? platform.defaultApiRoot,
    })),
  );
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
      renderTable(["CHANNEL", "ACCOUNT", "STATE", "MODE", "LAST IN", "PROBE", "ERROR"], untrustedRows(rows)),
    );
  return EXIT_OK;
}

/** Sets each field under `path` in the config document. */
function setFields(document: unknown, path: (string | number)[], fields: readonly FieldChange[]): unknown {
  return fields.reduce((doc, [key, value]) => setAtPath(doc, [...path, ...key], value), document);
}

async function add(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const platform = channelArg(positionals, spec);
  const input = readCredentialInput(platform, values);
  const account = stringFlag(values, "account");
  const fields: FieldChange[] = [[["enabled"], true], ...platform.fields(input)];
  const noToken = input.token === undefined && input.tokenFile === undefined;
  const later =
    noToken && normalizeAccountId(account) === "default"
      ? ` (no token given: set ${platform.tokenEnv}, or run \`claw channels login ${platform.id} --token …\`)`
      : noToken
        ? ` (no token given: run \`claw channels login ${platform.id} --account ${normalizeAccountId(account)} --token …\`)`
        : "";
  return editConfigDocument(
    context,
    (document) => setFields(document, accountPath(platform.id, account), fields),
    `added ${platform.id} account ${normalizeAccountId(account)}${later}`,
  );
}

/** The API base URL an account uses: the flag, else the configured one, else the platform's. */
function apiRootOf(
  platform: ChannelPlatform,
  context: CommandContext,
  account: string,
  flag: string | undefined,
) {
  if (flag) return flag;
  const { config } = loadCliConfig(context);
  const accounts = accountsOfSection((config.channels as Record<string, unknown>)[platform.id]);
  const merged =
    accounts.find(([id]) => id === account)?.[1] ?? accounts.find(([id]) => id === "default")?.[1];
  return (merged && platform.apiRoot(merged)) ?? platform.defaultApiRoot;
}

async function login(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const platform = channelArg(positionals, spec);
  const input = readCredentialInput(platform, values);
  const token = tokenToProbe(input, context.io.env);
  if (token === undefined)
    throw new UsageError(`channels login ${platform.id} needs --token or --token-file`, platform.tokenHint);
  const account = stringFlag(values, "account");
  let who = "";
  if (values["skip-probe"] !== true) {
    const apiRoot = apiRootOf(platform, context, normalizeAccountId(account), input.apiRoot);
    const probed = await probeToken(platform, token, apiRoot);
    if (!probed.ok) {
      context.io.stderr(
        `claw: ${platform.label} refused the token: ${sanitizeTerminalText(probed.error)} — nothing written; check the token (or --skip-probe to store it anyway)\n`,
      );
      return EXIT_FAILURE;
    }
    who = ` for ${probed.detail}`;
  }
  return editConfigDocument(
    context,
    (document) => setFields(document, accountPath(platform.id, account), platform.fields(input)),
    `stored the ${platform.id} credentials${who} — check the running account with \`claw channels status --probe\``,
  );
}

async function remove(
  { values, positionals }: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
): Promise<number> {
  const channel = channelArg(positionals, spec).id;
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

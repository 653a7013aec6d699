/**
 * Config → channel accounts: one row per chat platform turns `channels.<id>` (and its
 * `accounts`) into account specs the channel manager runs, plus each account's access settings.
 * Add a platform by adding a row.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTelegramChannel, DEFAULT_API_ROOT } from "@claw/channel-telegram";
import type { AccessSettings, Channel, ChannelAccountSpec, ChunkMode, StreamMode } from "@claw/channels";
import type { ClawConfig } from "@claw/config";
import { normalizeAccountId } from "@claw/ids";
import { discordAccounts } from "./discord-accounts.js";
import { slackAccounts } from "./slack-accounts.js";

type ChannelsConfig = ClawConfig["channels"];
type TelegramConfig = NonNullable<ChannelsConfig["telegram"]>;
type TelegramAccountConfig = Omit<TelegramConfig, "accounts"> & { name?: string };

export interface ChannelAccountsContext {
  env: Readonly<Record<string, string | undefined>>;
  /** Inbound media lands in `<mediaDir>/<channel>`. */
  mediaDir: string;
}

export interface ConfiguredAccount {
  spec: ChannelAccountSpec;
  access: AccessSettings;
  replyToMode: "off" | "first" | "all";
  /** How a reply shows while it is written (`off` when omitted). */
  streamMode?: StreamMode;
  /** `length` fills messages; `newline` sends a message per paragraph (default: `channels.defaults`). */
  chunkMode?: ChunkMode;
  draftChunk?: { minChars?: number; maxChars?: number };
}

/** Labels shown by `channels.status`, by channel id. */
export const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  telegram: "Telegram",
  slack: "Slack",
  discord: "Discord",
};

/** The fields of a channel account that decide who may talk to it. */
type AccessFields = Pick<TelegramAccountConfig, "dmPolicy" | "groupPolicy" | "allowFrom" | "groups">;

export function accessOf(
  defaults: ChannelsConfig["defaults"],
  account: Partial<AccessFields>,
): AccessSettings {
  return {
    dmPolicy: account.dmPolicy ?? defaults.dmPolicy,
    groupPolicy: account.groupPolicy ?? defaults.groupPolicy,
    ...(account.allowFrom ? { allowFrom: account.allowFrom } : {}),
    ...(account.groups ? { groups: account.groups } : {}),
  };
}

/** Each account of a channel, merged over the channel's own fields; the channel alone is `default`. */
export function accountsOf<Section extends { accounts?: Record<string, object> }>(
  section: Section,
): [string, Omit<Section, "accounts"> & { name?: string }][] {
  const { accounts, ...base } = section;
  if (!accounts || Object.keys(accounts).length === 0) return [["default", base]];
  return Object.entries(accounts).map(([id, account]) => [
    normalizeAccountId(id),
    { ...base, ...account } as Omit<Section, "accounts"> & { name?: string },
  ]);
}

/** A token from config, else a token file, else (default account only) the environment. */
export function credentialOf(
  inline: string | undefined,
  tokenFile: string | undefined,
  fromEnv: string | undefined,
): { token: string; source: "config" | "tokenFile" | "env" } | undefined {
  if (inline) return { token: inline, source: "config" };
  if (tokenFile && existsSync(tokenFile))
    return { token: readFileSync(tokenFile, "utf8").trim(), source: "tokenFile" };
  if (fromEnv) return { token: fromEnv, source: "env" };
  return undefined;
}

/** `mediaMaxMb` as the byte count a channel takes, when set. */
export const mediaMaxBytesOf = (mb: number | undefined) =>
  mb !== undefined ? { mediaMaxBytes: Math.round(mb * 1024 * 1024) } : {};

function telegramAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
  const section = config.channels.telegram;
  if (!section) return [];
  return accountsOf(section).map(([accountId, account]) => {
    const credential = credentialOf(
      account.botToken,
      account.tokenFile,
      accountId === "default" ? context.env.TELEGRAM_BOT_TOKEN : undefined,
    );
    const apiRoot = account.apiRoot ?? DEFAULT_API_ROOT;
    const webhook =
      account.webhookUrl && account.webhookSecret && account.webhookListen
        ? {
            url: account.webhookUrl,
            secretToken: account.webhookSecret,
            port: account.webhookListen.port,
            ...(account.webhookListen.host ? { host: account.webhookListen.host } : {}),
            ...(account.webhookListen.path ? { path: account.webhookListen.path } : {}),
          }
        : undefined;
    const create = (): Channel => {
      if (!credential)
        throw new Error(
          `channels.telegram: account "${accountId}" has no botToken (set botToken, tokenFile or TELEGRAM_BOT_TOKEN)`,
        );
      return createTelegramChannel({
        botToken: credential.token,
        accountId,
        apiRoot,
        mediaDir: join(context.mediaDir, "telegram"),
        ...mediaMaxBytesOf(account.mediaMaxMb),
        ...(webhook ? { mode: "webhook" as const, webhook } : {}),
      });
    };
    return {
      spec: {
        channel: "telegram",
        accountId,
        enabled: account.enabled ?? true,
        configured: credential !== undefined,
        create,
        describe: {
          ...(account.name ? { name: account.name } : {}),
          mode: webhook ? "webhook" : "polling",
          dmPolicy: account.dmPolicy ?? config.channels.defaults.dmPolicy,
          ...(account.allowFrom ? { allowFrom: [...account.allowFrom] } : {}),
          baseUrl: apiRoot,
          ...(credential ? { tokenSource: credential.source } : {}),
        },
      },
      access: accessOf(config.channels.defaults, account),
      replyToMode: account.replyToMode ?? "off",
      streamMode: account.streamMode ?? "off",
      chunkMode: account.chunkMode ?? config.channels.defaults.chunkMode,
      ...(account.draftChunk ? { draftChunk: account.draftChunk } : {}),
    };
  });
}

/** One row per chat platform Claw ships. */
const PLATFORMS: readonly ((config: ClawConfig, context: ChannelAccountsContext) => ConfiguredAccount[])[] = [
  telegramAccounts,
  slackAccounts,
  discordAccounts,
];

export function configuredAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
  return PLATFORMS.flatMap((platform) => platform(config, context));
}

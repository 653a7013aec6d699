/**
 * Config → channel accounts: one row per chat platform turns `channels.<id>` (and its
 * `accounts`) into account specs the channel manager runs, plus each account's access settings.
 * Add a platform by adding a row.
 */
import { existsSync, readFileSync } from "node:fs";
import type { AccessSettings, ChannelAccountSpec, ChunkMode, MediaFetcher, StreamMode } from "@claw/channels";
import type { ClawConfig } from "@claw/config";
import { normalizeAccountId } from "@claw/ids";

type ChannelsConfig = ClawConfig["channels"];
type TelegramConfig = NonNullable<ChannelsConfig["telegram"]>;
type TelegramAccountConfig = Omit<TelegramConfig, "accounts"> & { name?: string };

export interface ChannelAccountsContext {
  env: Readonly<Record<string, string | undefined>>;
  /** Inbound media lands in `<mediaDir>/<channel>`. */
  mediaDir: string;
  /** Senders approved by pairing on an account (Discord reads their DMs back after an outage). */
  pairedSenders?: (channel: string, accountId: string) => readonly string[];
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
  /** Downloads the files the channel deferred until its message was stored (Slack). */
  fetchMedia?: MediaFetcher;
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

/** A token or secret from config, else its file, else (default account only) the environment. */
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

type PlatformRow = (config: ClawConfig, context: ChannelAccountsContext) => ConfiguredAccount[];

/**
 * One row per chat platform Claw ships, loaded only when its `channels.<id>` section exists: a
 * platform's SDK (grammY, discord.js) costs 20–40 MB of memory, so a gateway without that channel
 * never loads it.
 */
const PLATFORMS: Readonly<Record<"telegram" | "slack" | "discord", () => Promise<PlatformRow>>> = {
  telegram: () => import("./telegram-accounts.js").then((row) => row.telegramAccounts),
  slack: () => import("./slack-accounts.js").then((row) => row.slackAccounts),
  discord: () => import("./discord-accounts.js").then((row) => row.discordAccounts),
};

const platformIds = Object.keys(PLATFORMS) as (keyof typeof PLATFORMS)[];

export async function configuredAccounts(
  config: ClawConfig,
  context: ChannelAccountsContext,
): Promise<ConfiguredAccount[]> {
  const present = platformIds.filter((id) => config.channels[id] !== undefined);
  const rows = await Promise.all(present.map((id) => PLATFORMS[id]()));
  return rows.flatMap((row) => row(config, context));
}

/** Whether any chat platform has an account that is not disabled (without loading any platform). */
export function hasEnabledAccount(config: ClawConfig): boolean {
  return platformIds.some((id) => {
    const section = config.channels[id];
    return section !== undefined && accountsOf(section).some(([, account]) => account.enabled !== false);
  });
}

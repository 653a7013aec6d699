/**
 * Config → Discord accounts: `channels.discord` (and its `accounts`) as channel-manager specs.
 * The token comes from `token`, `tokenFile`, or DISCORD_BOT_TOKEN (default account only);
 * `rest.api` points the account at a proxy or a local server; `guilds` gates mentions and
 * senders per guild, channel and thread.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDiscordChannel, DEFAULT_REST_API, discordGroupSettings } from "@claw/channel-discord";
import type { Channel } from "@claw/channels";
import type { ClawConfig } from "@claw/config";
import {
  accessOf,
  accountsOf,
  type ChannelAccountsContext,
  type ConfiguredAccount,
} from "./channel-accounts.js";

type DiscordConfig = NonNullable<ClawConfig["channels"]["discord"]>;
type DiscordAccountConfig = Omit<DiscordConfig, "accounts"> & { name?: string };

function discordToken(account: DiscordAccountConfig, accountId: string, env: ChannelAccountsContext["env"]) {
  if (account.token) return { token: account.token, source: "config" };
  if (account.tokenFile && existsSync(account.tokenFile))
    return { token: readFileSync(account.tokenFile, "utf8").trim(), source: "tokenFile" };
  if (accountId === "default" && env.DISCORD_BOT_TOKEN)
    return { token: env.DISCORD_BOT_TOKEN, source: "env" };
  return undefined;
}

export function discordAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
  const section = config.channels.discord;
  if (!section) return [];
  return accountsOf(section).map(([accountId, account]) => {
    const credential = discordToken(account, accountId, context.env);
    const restApi = account.rest?.api ?? DEFAULT_REST_API;
    const create = (): Channel => {
      if (!credential)
        throw new Error(
          `channels.discord: account "${accountId}" has no token (set token, tokenFile or DISCORD_BOT_TOKEN)`,
        );
      return createDiscordChannel({
        token: credential.token,
        accountId,
        restApi,
        ...(account.maxLinesPerMessage ? { maxLinesPerMessage: account.maxLinesPerMessage } : {}),
        mediaDir: join(context.mediaDir, "discord"),
        ...(account.mediaMaxMb !== undefined
          ? { mediaMaxBytes: Math.round(account.mediaMaxMb * 1024 * 1024) }
          : {}),
      });
    };
    const guilds = account.guilds;
    return {
      spec: {
        channel: "discord",
        accountId,
        enabled: account.enabled ?? true,
        configured: credential !== undefined,
        create,
        describe: {
          ...(account.name ? { name: account.name } : {}),
          mode: "gateway",
          dmPolicy: account.dmPolicy ?? config.channels.defaults.dmPolicy,
          ...(account.allowFrom ? { allowFrom: [...account.allowFrom] } : {}),
          baseUrl: restApi,
          ...(credential ? { tokenSource: credential.source } : {}),
        },
      },
      access: {
        ...accessOf(config.channels.defaults, account),
        ...(guilds ? { groupOf: (message) => discordGroupSettings(guilds, message) } : {}),
      },
      replyToMode: account.replyToMode ?? "off",
    };
  });
}

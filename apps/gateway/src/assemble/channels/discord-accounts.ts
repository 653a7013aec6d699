/**
 * Config → Discord accounts: `channels.discord` (and its `accounts`) as channel-manager specs.
 * The token comes from `token`, `tokenFile`, or DISCORD_BOT_TOKEN (default account only);
 * `rest.api` points the account at a proxy or a local server; `guilds` gates mentions and
 * senders per guild, channel and thread.
 */
import { join } from "node:path";
import { createDiscordChannel, DEFAULT_REST_API, discordGroupSettings } from "@claw/channel-discord";
import type { Channel } from "@claw/channels";
import type { ClawConfig } from "@claw/config";
import {
  accessOf,
  accountsOf,
  type ChannelAccountsContext,
  type ConfiguredAccount,
  credentialOf,
  mediaMaxBytesOf,
} from "./channel-accounts.js";

export function discordAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
  const section = config.channels.discord;
  if (!section) return [];
  return accountsOf(section).map(([accountId, account]) => {
    const credential = credentialOf(
      account.token,
      account.tokenFile,
      accountId === "default" ? context.env.DISCORD_BOT_TOKEN : undefined,
    );
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
        ...mediaMaxBytesOf(account.mediaMaxMb),
        // Their first DM during an outage is read back too (a stranger's cannot be: Discord lists no DMs).
        knownDmUsers: () => [
          ...(account.allowFrom ?? []).filter((entry) => /^\d+$/.test(entry)),
          ...(context.pairedSenders?.("discord", accountId) ?? []),
        ],
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
      streamMode: account.streamMode ?? "off",
      ...(account.draftChunk ? { draftChunk: account.draftChunk } : {}),
    };
  });
}

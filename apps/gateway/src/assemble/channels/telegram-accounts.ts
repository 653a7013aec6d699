/**
 * `channels.telegram` → Telegram accounts: the bot token from the config, a token file, or
 * (default account only) TELEGRAM_BOT_TOKEN; long polling unless `webhookUrl`, `webhookSecret`
 * and `webhookListen` are all set; `apiRoot` points the account at a self-hosted Bot API server.
 */
import { join } from "node:path";
import { createTelegramChannel, DEFAULT_API_ROOT } from "@claw/channel-telegram";
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

export function telegramAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
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

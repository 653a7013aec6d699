/**
 * `channels.slack` → Slack accounts: tokens from the config, a token file, or (default account
 * only) SLACK_BOT_TOKEN / SLACK_APP_TOKEN / SLACK_SIGNING_SECRET; Socket Mode unless `mode` is
 * `http`, which listens for the Events API on `eventsListen`.
 */
import { join } from "node:path";
import { createSlackChannel, createSlackMediaFetcher, DEFAULT_SLACK_API_URL } from "@claw/channel-slack";
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

type SlackConfig = NonNullable<ClawConfig["channels"]["slack"]>;
type SlackAccountConfig = Omit<SlackConfig, "accounts"> & { name?: string };

type Secret = ReturnType<typeof credentialOf>;

/** What an account is missing to start, or undefined when it has everything. */
function missingOf(mode: "socket" | "http", account: SlackAccountConfig, secrets: Record<string, Secret>) {
  if (!secrets.bot) return "no botToken (set botToken, botTokenFile or SLACK_BOT_TOKEN)";
  if (mode === "socket" && !secrets.app)
    return "no appToken for Socket Mode (set appToken, appTokenFile or SLACK_APP_TOKEN, or mode: http)";
  if (mode === "http" && !secrets.signing)
    return "no signingSecret for the Events API (or SLACK_SIGNING_SECRET)";
  if (mode === "http" && !account.eventsListen) return "mode http needs eventsListen: { port }";
  return undefined;
}

export function slackAccounts(config: ClawConfig, context: ChannelAccountsContext): ConfiguredAccount[] {
  const section = config.channels.slack;
  if (!section) return [];
  return accountsOf(section).map(([accountId, account]) => {
    const env = accountId === "default" ? context.env : {};
    const secrets = {
      bot: credentialOf(account.botToken, account.botTokenFile, env.SLACK_BOT_TOKEN),
      app: credentialOf(account.appToken, account.appTokenFile, env.SLACK_APP_TOKEN),
      signing: credentialOf(account.signingSecret, undefined, env.SLACK_SIGNING_SECRET),
    };
    const mode = account.mode ?? "socket";
    const missing = missingOf(mode, account, secrets);
    const listen = account.eventsListen;
    const create = (): Channel => {
      if (missing) throw new Error(`channels.slack: account "${accountId}" has ${missing}`);
      return createSlackChannel({
        botToken: secrets.bot?.token ?? "",
        accountId,
        mode,
        mediaDir: join(context.mediaDir, "slack"),
        ...(secrets.app ? { appToken: secrets.app.token } : {}),
        ...(secrets.signing ? { signingSecret: secrets.signing.token } : {}),
        ...(account.slackApiUrl ? { slackApiUrl: account.slackApiUrl } : {}),
        ...(listen
          ? {
              http: {
                port: listen.port,
                ...(listen.host ? { host: listen.host } : {}),
                ...(listen.path ? { path: listen.path } : {}),
              },
            }
          : {}),
        ...mediaMaxBytesOf(account.mediaMaxMb),
      });
    };
    const fetchMedia = createSlackMediaFetcher({
      botToken: secrets.bot?.token ?? "",
      mediaDir: join(context.mediaDir, "slack"),
      ...(account.slackApiUrl ? { slackApiUrl: account.slackApiUrl } : {}),
      ...mediaMaxBytesOf(account.mediaMaxMb),
    });
    return {
      fetchMedia,
      spec: {
        channel: "slack",
        accountId,
        enabled: account.enabled ?? true,
        configured: missing === undefined,
        create,
        describe: {
          ...(account.name ? { name: account.name } : {}),
          mode,
          dmPolicy: account.dmPolicy ?? config.channels.defaults.dmPolicy,
          ...(account.allowFrom ? { allowFrom: [...account.allowFrom] } : {}),
          baseUrl: account.slackApiUrl ?? DEFAULT_SLACK_API_URL,
          ...(secrets.bot ? { tokenSource: secrets.bot.source } : {}),
          ...(missing ? { lastError: missing } : {}),
        },
      },
      access: accessOf(config.channels.defaults, account),
      replyToMode: account.replyToMode ?? "off",
      streamMode: account.streamMode ?? "off",
      ...(account.draftChunk ? { draftChunk: account.draftChunk } : {}),
    };
  });
}

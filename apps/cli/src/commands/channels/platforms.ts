/**
 * The chat platforms `claw channels add|login|list` know, one row each: which flags an account
 * takes, the config fields they become, how `list` describes an account, and how `login`
 * checks a token. Add a platform by adding a row.
 */
import type { CredentialInput } from "./credential-input.js";

/** A config field to set under the account's path, and its value. */
export type FieldChange = readonly [path: readonly string[], value: unknown];

/** The HTTP request that checks a token, and how to read the platform's answer. */
export interface TokenProbe {
  url: string;
  init: RequestInit;
  /** `ok` with who the token belongs to, or why the platform refused it. */
  read(status: number, body: unknown): { ok: true; detail: string } | { ok: false; error: string };
}

export interface ChannelPlatform {
  id: string;
  label: string;
  /** Flags of `add` and `login` beyond --account (the command table lists their union). */
  flags: readonly (keyof CredentialInput)[];
  /** Where the user gets a bot token (the hint when one is missing or malformed). */
  tokenHint: string;
  /** The API base URL when the account sets none. */
  defaultApiRoot: string;
  /** The environment variable the default account's bot token may come from. */
  tokenEnv: string;
  /** Config fields for validated input (secrets are written as given: a value or a `${ENV}` reference). */
  fields(input: CredentialInput): FieldChange[];
  /** For `list`: where the account's bot token comes from (never the token itself). */
  tokenSource(account: Readonly<Record<string, unknown>>): string;
  apiRoot(account: Readonly<Record<string, unknown>>): string | undefined;
  /** The request `login` sends to check a bot token against the platform. */
  probe(token: string, apiRoot: string): TokenProbe;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const fieldsOf = (pairs: [string[], unknown][]): FieldChange[] =>
  pairs.filter(([, value]) => value !== undefined);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

const telegram: ChannelPlatform = {
  id: "telegram",
  label: "Telegram",
  flags: ["token", "tokenFile", "apiRoot"],
  tokenHint: "create a bot with @BotFather and paste its token (123456:ABC…)",
  defaultApiRoot: "https://api.telegram.org",
  tokenEnv: "TELEGRAM_BOT_TOKEN",
  fields: (input) =>
    fieldsOf([
      [["botToken"], input.token],
      [["tokenFile"], input.tokenFile],
      [["apiRoot"], input.apiRoot],
    ]),
  tokenSource: (a) =>
    text(a.botToken)
      ? "botToken"
      : text(a.tokenFile)
        ? `tokenFile ${a.tokenFile}`
        : "TELEGRAM_BOT_TOKEN (env)",
  apiRoot: (a) => text(a.apiRoot),
  probe: (token, apiRoot) => ({
    url: `${apiRoot.replace(/\/+$/, "")}/bot${token}/getMe`,
    init: { method: "GET" },
    read(_status, body) {
      const answer = record(body);
      if (answer.ok === true)
        return { ok: true, detail: `@${String(record(answer.result).username ?? "?")}` };
      return { ok: false, error: `Telegram getMe: ${String(answer.description ?? "refused")}` };
    },
  }),
};

const discord: ChannelPlatform = {
  id: "discord",
  label: "Discord",
  flags: ["token", "tokenFile", "apiRoot"],
  tokenHint: "create an application at discord.com/developers, add a bot, and copy its token",
  defaultApiRoot: "https://discord.com/api",
  tokenEnv: "DISCORD_BOT_TOKEN",
  fields: (input) =>
    fieldsOf([
      [["token"], input.token],
      [["tokenFile"], input.tokenFile],
      [["rest", "api"], input.apiRoot],
    ]),
  tokenSource: (a) =>
    text(a.token) ? "token" : text(a.tokenFile) ? `tokenFile ${a.tokenFile}` : "DISCORD_BOT_TOKEN (env)",
  apiRoot: (a) => text(record(a.rest).api),
  probe: (token, apiRoot) => ({
    url: `${apiRoot.replace(/\/+$/, "")}/v10/users/@me`,
    init: { method: "GET", headers: { authorization: `Bot ${token}` } },
    read(status, body) {
      const answer = record(body);
      if (status === 200 && typeof answer.username === "string")
        return { ok: true, detail: `@${answer.username}` };
      return { ok: false, error: `Discord GET /users/@me: ${status} ${String(answer.message ?? "refused")}` };
    },
  }),
};

const slack: ChannelPlatform = {
  id: "slack",
  label: "Slack",
  flags: ["token", "tokenFile", "appToken", "appTokenFile", "signingSecret", "mode", "eventsPort", "apiRoot"],
  tokenHint: "install your Slack app to the workspace and copy its Bot User OAuth Token (xoxb-…)",
  defaultApiRoot: "https://slack.com/api/",
  tokenEnv: "SLACK_BOT_TOKEN",
  fields: (input) =>
    fieldsOf([
      [["botToken"], input.token],
      [["botTokenFile"], input.tokenFile],
      [["appToken"], input.appToken],
      [["appTokenFile"], input.appTokenFile],
      [["signingSecret"], input.signingSecret],
      [["mode"], input.mode],
      [["eventsListen", "port"], input.eventsPort],
      [["slackApiUrl"], input.apiRoot],
    ]),
  tokenSource: (a) =>
    text(a.botToken)
      ? "botToken"
      : text(a.botTokenFile)
        ? `botTokenFile ${a.botTokenFile}`
        : "SLACK_BOT_TOKEN (env)",
  apiRoot: (a) => text(a.slackApiUrl),
  probe: (token, apiRoot) => ({
    url: `${apiRoot.endsWith("/") ? apiRoot : `${apiRoot}/`}auth.test`,
    init: { method: "POST", headers: { authorization: `Bearer ${token}` } },
    read(_status, body) {
      const answer = record(body);
      if (answer.ok === true)
        return {
          ok: true,
          detail: `@${String(answer.user ?? "?")} (${String(answer.team ?? answer.team_id ?? "?")})`,
        };
      return { ok: false, error: `Slack auth.test: ${String(answer.error ?? "refused")}` };
    },
  }),
};

/** The platforms, in the order `list` shows them. */
export const CHANNEL_PLATFORMS: readonly ChannelPlatform[] = [telegram, discord, slack];

export function platformOf(id: string): ChannelPlatform | undefined {
  return CHANNEL_PLATFORMS.find((platform) => platform.id === id);
}

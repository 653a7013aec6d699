/**
 * The credential flags of `claw channels add|login`, read and checked before anything is
 * written: a flag the platform does not take, a token of the wrong kind (a Slack app token
 * given as the bot token), a missing token file or a malformed URL is a usage error that says
 * what to give instead. Values are never echoed. A `${ENV}` reference is kept as written.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isEnvReference } from "@claw/config";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { UsageError } from "../../context.js";
import type { ChannelPlatform } from "./platforms.js";

export interface CredentialInput {
  token?: string;
  tokenFile?: string;
  appToken?: string;
  appTokenFile?: string;
  signingSecret?: string;
  mode?: "socket" | "http";
  eventsPort?: number;
  apiRoot?: string;
}

/** Each input field's command-line flag. */
export const CREDENTIAL_FLAGS: Readonly<Record<keyof CredentialInput, string>> = {
  token: "token",
  tokenFile: "token-file",
  appToken: "app-token",
  appTokenFile: "app-token-file",
  signingSecret: "signing-secret",
  mode: "mode",
  eventsPort: "events-port",
  apiRoot: "api-root",
};

/** What a secret of each kind looks like, per platform: a message when `value` is not one. */
const SECRET_SHAPES: Readonly<
  Record<
    string,
    Partial<Record<"token" | "appToken" | "signingSecret", (value: string) => string | undefined>>
  >
> = {
  telegram: {
    token: (v) =>
      /^\d+:[\w-]+$/.test(v) ? undefined : "is not a Telegram bot token (they look like 123456:ABC-def…)",
  },
  discord: {
    token: (v) =>
      /^Bot\s/i.test(v)
        ? 'starts with "Bot " — give the token alone, Claw adds the prefix'
        : /\s/.test(v)
          ? "contains spaces — a Discord bot token is one word"
          : undefined,
  },
  slack: {
    token: (v) =>
      v.startsWith("xapp-")
        ? "is an app-level token (xapp-…) — give it as --app-token; --token takes the bot token (xoxb-…)"
        : v.startsWith("xoxp-")
          ? "is a user token (xoxp-…) — Claw needs the Bot User OAuth Token (xoxb-…)"
          : v.startsWith("xoxb-")
            ? undefined
            : "is not a Slack bot token (xoxb-…)",
    appToken: (v) =>
      v.startsWith("xapp-")
        ? undefined
        : "is not a Slack app-level token (xapp-…, with the connections:write scope)",
    signingSecret: (v) =>
      /^[0-9a-f]{16,}$/i.test(v)
        ? undefined
        : "is not a Slack signing secret (hex, from Basic Information → App Credentials)",
  },
};

function checkSecret(
  platform: ChannelPlatform,
  field: "token" | "appToken" | "signingSecret",
  value: string,
) {
  if (isEnvReference(value)) return;
  const problem = SECRET_SHAPES[platform.id]?.[field]?.(value);
  if (problem)
    throw new UsageError(`the value of --${CREDENTIAL_FLAGS[field]} ${problem}`, platform.tokenHint);
}

function checkFile(flag: string, path: string): string {
  const absolute = resolve(path);
  if (!existsSync(absolute))
    throw new UsageError(
      `--${flag} ${path}: no such file`,
      "give the path of a file that holds only the token",
    );
  return absolute;
}

function checkUrl(value: string, platform: ChannelPlatform): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
    throw new UsageError(`--api-root "${value}" is not an http(s) URL`, `e.g. ${platform.defaultApiRoot}`);
  return value;
}

function checkPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65_535)
    throw new UsageError(`--events-port "${value}" is not a port (1–65535)`, "e.g. --events-port 3000");
  return port;
}

/**
 * Reads and checks the credential flags `platform` takes; throws UsageError on the first problem.
 *
 * @example
 * readCredentialInput(platformOf("slack"), values); // → { token: "xoxb-…", appToken: "xapp-…" }
 */
export function readCredentialInput(
  platform: ChannelPlatform,
  values: ParsedCommandArgs["values"],
): CredentialInput {
  const raw = (field: keyof CredentialInput) => stringFlag(values, CREDENTIAL_FLAGS[field]);
  for (const field of Object.keys(CREDENTIAL_FLAGS) as (keyof CredentialInput)[])
    if (raw(field) !== undefined && !platform.flags.includes(field))
      throw new UsageError(
        `--${CREDENTIAL_FLAGS[field]} is not a ${platform.label} option`,
        `${platform.label} takes ${platform.flags.map((f) => `--${CREDENTIAL_FLAGS[f]}`).join(", ")}`,
      );
  for (const [inline, file] of [
    ["token", "tokenFile"],
    ["appToken", "appTokenFile"],
  ] as const)
    if (raw(inline) !== undefined && raw(file) !== undefined)
      throw new UsageError(
        `give --${CREDENTIAL_FLAGS[inline]} or --${CREDENTIAL_FLAGS[file]}, not both`,
        "a file keeps the secret out of the config and your shell history",
      );
  const input: CredentialInput = {};
  for (const field of ["token", "appToken", "signingSecret"] as const) {
    const value = raw(field);
    if (value === undefined) continue;
    checkSecret(platform, field, value);
    input[field] = value;
  }
  const tokenFile = raw("tokenFile");
  if (tokenFile !== undefined) input.tokenFile = checkFile(CREDENTIAL_FLAGS.tokenFile, tokenFile);
  const appTokenFile = raw("appTokenFile");
  if (appTokenFile !== undefined) input.appTokenFile = checkFile(CREDENTIAL_FLAGS.appTokenFile, appTokenFile);
  const mode = raw("mode");
  if (mode !== undefined && mode !== "socket" && mode !== "http")
    throw new UsageError(
      `--mode "${mode}" is not a Slack mode`,
      "use --mode socket (default) or --mode http",
    );
  if (mode) input.mode = mode;
  const port = raw("eventsPort");
  if (port !== undefined) input.eventsPort = checkPort(port);
  const apiRoot = raw("apiRoot");
  if (apiRoot !== undefined) input.apiRoot = checkUrl(apiRoot, platform);
  if (input.mode === "http" && (input.appToken || input.appTokenFile))
    throw new UsageError(
      "--app-token is for Socket Mode; --mode http receives events with --signing-secret",
      "drop --mode http, or give --signing-secret and --events-port",
    );
  if (input.mode === "http" && input.eventsPort === undefined)
    throw new UsageError("--mode http needs --events-port PORT", "the port Slack's Events API posts to");
  if (input.eventsPort !== undefined && input.mode !== "http")
    throw new UsageError("--events-port needs --mode http", "Socket Mode (the default) listens on no port");
  return input;
}

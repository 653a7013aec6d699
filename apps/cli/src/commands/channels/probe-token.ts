/**
 * `claw channels login`'s check: asks the platform who a bot token belongs to (Telegram getMe,
 * Discord GET /users/@me, Slack auth.test) at the account's API base URL. Messages name the
 * base URL, never the token (Telegram's is part of the request path).
 */
import { readFileSync } from "node:fs";
import { substituteEnv } from "@claw/config";
import { UsageError } from "../../context.js";
import type { ChannelPlatform } from "./platforms.js";

const PROBE_TIMEOUT_MS = 15_000;

export type ProbeOutcome = { ok: true; detail: string } | { ok: false; error: string };

/** The token as the gateway will see it: read from its file, `${ENV}` references filled in. */
export function tokenToProbe(
  input: { token?: string; tokenFile?: string },
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const written = input.token ?? (input.tokenFile ? readFileSync(input.tokenFile, "utf8").trim() : undefined);
  if (written === undefined) return undefined;
  try {
    return String(substituteEnv(written, env));
  } catch {
    throw new UsageError(
      `--token refers to an environment variable that is not set (${written})`,
      "export it first, or give the token itself",
    );
  }
}

/**
 * @example
 * await probeToken(platformOf("discord"), token, "https://discord.com/api"); // → { ok: true, detail: "@claw" }
 */
export async function probeToken(
  platform: ChannelPlatform,
  token: string,
  apiRoot: string,
): Promise<ProbeOutcome> {
  const probe = platform.probe(token, apiRoot);
  let response: Response;
  try {
    response = await fetch(probe.url, { ...probe.init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    const why =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return {
      ok: false,
      error: `could not reach ${platform.label} at ${apiRoot}: ${why.replaceAll(token, "…")}`,
    };
  }
  const body: unknown = await response.json().catch(() => undefined);
  return probe.read(response.status, body);
}

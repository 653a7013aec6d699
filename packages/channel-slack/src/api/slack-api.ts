/**
 * The Web API client the channel calls through: `@slack/web-api`'s `WebClient` pointed at
 * `slackApiUrl`, with its own retries off (the durable outbox retries, honouring Retry-After),
 * every failure turned into a `ChannelSendError`, and 429s remembered per method tier.
 */
import type { ChannelSendError } from "@claw/channels";
import type { Logger, LogLevel, WebClient } from "@slack/web-api";
import { toSendError } from "./errors.js";
import { createRateLimitGate } from "./rate-limits.js";

export const DEFAULT_SLACK_API_URL = "https://slack.com/api/";

/** One Web API call's arguments (Slack takes flat JSON-able fields). */
export type SlackArgs = Record<string, unknown>;

export interface SlackApi {
  /** The SDK client, loaded on first use. */
  client(): Promise<WebClient>;
  /** Calls `method`; throws `ChannelSendError`. `channel` scopes per-channel rate limits. */
  call<T = Record<string, unknown>>(method: string, args: SlackArgs, channel?: string): Promise<T>;
}

/** Slack's SDK logs to the console by default; the channel reports through `ctx.log` instead. */
export const quietLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => "error" as LogLevel,
  setName() {},
};

/** `slackApiUrl` with exactly one trailing slash, as WebClient joins `<url><method>`. */
export const normalizeSlackApiUrl = (url: string | undefined): string =>
  `${(url ?? DEFAULT_SLACK_API_URL).replace(/\/+$/, "")}/`;

/**
 * @example
 * const api = createSlackApi({ botToken: "xoxb-…", slackApiUrl: "http://127.0.0.1:3000/api/" });
 * await api.call("chat.postMessage", { channel: "C1", text: "hi" }, "C1");
 */
export function createSlackApi(options: {
  botToken: string;
  slackApiUrl?: string;
  timeoutMs?: number;
}): SlackApi {
  // The SDK is loaded on the first call, so a gateway without Slack never pays for it.
  let loaded: Promise<WebClient> | undefined;
  const client = () =>
    (loaded ??= import("@slack/web-api").then(
      ({ WebClient }) =>
        new WebClient(options.botToken, {
          slackApiUrl: normalizeSlackApiUrl(options.slackApiUrl),
          retryConfig: { retries: 0 },
          rejectRateLimitedCalls: true,
          timeout: options.timeoutMs ?? 30_000,
          logger: quietLogger,
        }),
    ));
  const gate = createRateLimitGate();
  return {
    client,
    async call<T>(method: string, args: SlackArgs, channel = "") {
      gate.check(method, channel);
      try {
        return (await (await client()).apiCall(method, args)) as T;
      } catch (thrown) {
        const error: ChannelSendError = toSendError(method, thrown);
        if (error.kind === "rate-limited") gate.limited(method, channel, error.options.retryAfterMs ?? 1_000);
        throw error;
      }
    },
  };
}

/**
 * Slack Web API failures as the outbox understands them: 429 (and `ratelimited`) → rate-limited
 * with Retry-After, Slack's transient platform errors and HTTP 5xx → unavailable, transport
 * failures → network (all retried); any other platform error (`channel_not_found`,
 * `not_in_channel`, `invalid_auth`, `msg_too_long`, …) → rejected, not retried.
 */
import { ChannelSendError } from "@claw/channels";

/**
 * `@slack/web-api`'s `ErrorCode` values, written out so this module does not load the SDK (the
 * gateway imports the channel whether or not Slack is configured).
 */
const ErrorCode = {
  RequestError: "slack_webapi_request_error",
  HTTPError: "slack_webapi_http_error",
  PlatformError: "slack_webapi_platform_error",
  RateLimitedError: "slack_webapi_rate_limited_error",
} as const;

/** Platform error codes Slack documents as temporary: try again later. */
const TRANSIENT_ERRORS = new Set([
  "internal_error",
  "fatal_error",
  "service_unavailable",
  "request_timeout",
  "team_added_to_org",
]);

interface CodedSlackError extends Error {
  code: string;
  data?: { error?: string };
  retryAfter?: number;
  statusCode?: number;
  original?: Error;
}

const isCoded = (error: unknown): error is CodedSlackError =>
  error instanceof Error && typeof (error as { code?: unknown }).code === "string";

/** A failed Slack call, carrying Slack's error code (`channel_not_found`) when Slack gave one. */
export class SlackSendError extends ChannelSendError {
  constructor(
    kind: ChannelSendError["kind"],
    message: string,
    options: ChannelSendError["options"] = {},
    readonly slackError?: string,
  ) {
    super(kind, message, options);
    this.name = "SlackSendError";
  }
}

/**
 * @example
 * toSendError("chat.postMessage", new WebAPIRateLimitedError(3)); // → rate-limited, retryAfterMs 3000
 */
export function toSendError(method: string, error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  const what = `slack ${method}`;
  if (!isCoded(error))
    return new ChannelSendError(
      "network",
      `${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  switch (error.code) {
    case ErrorCode.RateLimitedError:
      return new ChannelSendError("rate-limited", `${what}: 429 rate limited`, {
        status: 429,
        retryAfterMs: Math.max(1, error.retryAfter ?? 1) * 1000,
      });
    case ErrorCode.PlatformError: {
      const code = error.data?.error ?? "unknown_error";
      if (code === "ratelimited")
        return new SlackSendError(
          "rate-limited",
          `${what}: ${code}`,
          { status: 429, retryAfterMs: 1_000 },
          code,
        );
      const kind = TRANSIENT_ERRORS.has(code) ? "unavailable" : "rejected";
      return new SlackSendError(kind, `${what}: ${code}`, {}, code);
    }
    case ErrorCode.HTTPError: {
      const status = error.statusCode ?? 0;
      return new ChannelSendError(status >= 500 ? "unavailable" : "rejected", `${what}: HTTP ${status}`, {
        status,
      });
    }
    case ErrorCode.RequestError:
      return new ChannelSendError("network", `${what}: ${error.original?.message ?? "request failed"}`);
    default:
      return new ChannelSendError("rejected", `${what}: ${error.message}`);
  }
}

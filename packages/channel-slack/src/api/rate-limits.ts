/**
 * Slack's Web API limits are per method: most methods sit in a tier shared by the whole
 * workspace, while `chat.postMessage` is limited per channel (about one message a second). When
 * Slack answers 429 with Retry-After, every later call in the same scope waits it out here and
 * fails at once as rate-limited, so the outbox backs off without hitting Slack again; other
 * channels (for `chat.postMessage`) and other methods go on.
 */
import { ChannelSendError } from "@claw/channels";

export interface MethodLimit {
  /** Slack's published tier (1 slowest … 4 fastest) or `special`. */
  tier: "1" | "2" | "3" | "4" | "special";
  /** What one 429 blocks: the method for the whole workspace, or the method in one channel. */
  scope: "workspace" | "channel";
}

/** The methods the channel calls, with Slack's documented tier. */
export const SLACK_METHOD_LIMITS: Readonly<Record<string, MethodLimit>> = {
  "chat.postMessage": { tier: "special", scope: "channel" },
  "chat.update": { tier: "3", scope: "workspace" },
  "chat.delete": { tier: "3", scope: "workspace" },
  "reactions.add": { tier: "3", scope: "workspace" },
  "assistant.threads.setStatus": { tier: "3", scope: "workspace" },
  "files.getUploadURLExternal": { tier: "4", scope: "workspace" },
  "files.completeUploadExternal": { tier: "4", scope: "workspace" },
  "files.uploadV2": { tier: "4", scope: "workspace" },
  "auth.test": { tier: "special", scope: "workspace" },
  "apps.connections.open": { tier: "1", scope: "workspace" },
};

const DEFAULT_LIMIT: MethodLimit = { tier: "3", scope: "workspace" };

export interface RateLimitGate {
  /** Throws a rate-limited `ChannelSendError` while `method` (in `channel`) is still limited. */
  check(method: string, channel: string): void;
  /** Records a 429 on `method` (in `channel`) for `retryAfterMs`. */
  limited(method: string, channel: string, retryAfterMs: number): void;
}

export function createRateLimitGate(now: () => number = Date.now): RateLimitGate {
  const until = new Map<string, number>();
  const keyOf = (method: string, channel: string) =>
    (SLACK_METHOD_LIMITS[method] ?? DEFAULT_LIMIT).scope === "channel" ? `${method} ${channel}` : method;
  return {
    check(method, channel) {
      const key = keyOf(method, channel);
      const left = (until.get(key) ?? 0) - now();
      if (left <= 0) {
        until.delete(key);
        return;
      }
      const tier = (SLACK_METHOD_LIMITS[method] ?? DEFAULT_LIMIT).tier;
      throw new ChannelSendError(
        "rate-limited",
        `slack ${method}: still rate limited (tier ${tier}) for ${left} ms`,
        { status: 429, retryAfterMs: left },
      );
    },
    limited(method, channel, retryAfterMs) {
      const key = keyOf(method, channel);
      until.set(key, Math.max(until.get(key) ?? 0, now() + retryAfterMs));
    },
  };
}

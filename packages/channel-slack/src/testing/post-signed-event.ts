/**
 * Posts an Events API request to a listener as Slack does: JSON body, `X-Slack-Request-Timestamp`
 * and a v0 `X-Slack-Signature` (or a wrong one), and `X-Slack-Retry-Num` for a retry.
 */
import { signSlackRequest } from "../transport/signature.js";

export interface SignedPostOptions {
  signingSecret: string;
  /** Seconds since the epoch (default now): set it in the past for a stale request. */
  timestamp?: number;
  /** Sign with this secret instead (a forged request). */
  signWith?: string;
  retryNum?: number;
  retryReason?: string;
}

/**
 * @example
 * const res = await postSignedEvent("http://127.0.0.1:3000/slack/events", fake.callbackOf(event), { signingSecret });
 */
export async function postSignedEvent(
  url: string,
  body: unknown,
  options: SignedPostOptions,
): Promise<Response> {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": signSlackRequest(options.signWith ?? options.signingSecret, timestamp, raw),
      ...(options.retryNum !== undefined ? { "x-slack-retry-num": String(options.retryNum) } : {}),
      ...(options.retryReason ? { "x-slack-retry-reason": options.retryReason } : {}),
    },
    body: raw,
  });
}

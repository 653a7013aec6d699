/**
 * Slack's request signing (v0): `X-Slack-Signature` is `v0=` + hex HMAC-SHA256 of
 * `v0:<X-Slack-Request-Timestamp>:<raw body>` with the app's signing secret. A request is
 * accepted only when the timestamp is within five minutes of now (no replays) and the signature
 * matches under a constant-time compare.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** Slack's replay window: requests older or newer than this are refused. */
export const SIGNATURE_WINDOW_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * @example
 * signSlackRequest("secret", 1_700_000_000, '{"type":"url_verification"}'); // → "v0=5d1f…"
 */
export function signSlackRequest(signingSecret: string, timestampSeconds: number, rawBody: string): string {
  const digest = createHmac("sha256", signingSecret)
    .update(`v0:${timestampSeconds}:${rawBody}`)
    .digest("hex");
  return `v0=${digest}`;
}

/**
 * @example
 * verifySlackSignature({ signingSecret, rawBody, timestamp: req.headers["x-slack-request-timestamp"], signature: req.headers["x-slack-signature"] });
 * // → { ok: false, reason: "stale timestamp: 400 s from now (allowed 300 s)" }
 */
export function verifySlackSignature(request: {
  signingSecret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  nowMs?: number;
}): SignatureCheck {
  if (!request.timestamp || !request.signature)
    return { ok: false, reason: "missing X-Slack-Request-Timestamp or X-Slack-Signature" };
  if (!/^\d{1,12}$/.test(request.timestamp))
    return { ok: false, reason: `bad X-Slack-Request-Timestamp ${JSON.stringify(request.timestamp)}` };
  const timestamp = Number(request.timestamp);
  const skew = Math.abs(Math.floor((request.nowMs ?? Date.now()) / 1000) - timestamp);
  if (skew > SIGNATURE_WINDOW_SECONDS)
    return {
      ok: false,
      reason: `stale timestamp: ${skew} s from now (allowed ${SIGNATURE_WINDOW_SECONDS} s)`,
    };
  const expected = Buffer.from(signSlackRequest(request.signingSecret, timestamp, request.rawBody));
  const given = Buffer.from(request.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: "signature mismatch" };
  return { ok: true };
}

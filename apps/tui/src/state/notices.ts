/** Turns failover lifecycle events into the one-line notices the chat shows inline. */
import type { FailoverEventData } from "@claw/client";
import type { NoticeLevel } from "./types.js";

const REASONS: Readonly<Record<string, string>> = {
  rate_limit: "rate-limited",
  overloaded: "overloaded",
  timeout: "timed out",
  network: "could not be reached",
  auth: "rejected the credentials",
  billing: "reported a billing problem",
  context_overflow: "ran out of context",
  model_not_found: "is unknown",
  auth_permanent: "rejected the credentials",
  format: "rejected the request",
  aborted: "was aborted",
  unknown: "failed",
};

/** A person's words for a failure reason: "rate_limit" → "rate-limited". */
export function describeReason(reason: unknown): string {
  const key = String(reason ?? "");
  return REASONS[key] ?? (key ? `failed (${key})` : "failed");
}

/**
 * @example
 * failoverNotice({ phase: "failover", type: "fallback", from: "anthropic/claude-opus-4-6",
 *   to: "openai/gpt-4o", reason: "rate_limit" });
 * // → { level: "warn", text: "anthropic/claude-opus-4-6 rate-limited → switched to openai/gpt-4o" }
 */
export function failoverNotice(data: FailoverEventData): { level: NoticeLevel; text: string } | undefined {
  switch (data.type) {
    case "fallback":
      return { level: "warn", text: `${data.from} ${describeReason(data.reason)} → switched to ${data.to}` };
    case "attempt_failed": {
      const status = data.status !== undefined ? ` (HTTP ${data.status})` : "";
      return {
        level: "warn",
        text: `${data.provider}/${data.model} ${describeReason(data.reason)}${status}`,
      };
    }
    case "candidate_skipped":
      return { level: "info", text: `skipped ${data.provider}/${data.model}: ${skipCause(data)}` };
    default:
      return undefined;
  }
}

/** Why the fallback loop did not even call a candidate. */
function skipCause(data: Extract<FailoverEventData, { type: "candidate_skipped" }>): string {
  if (data.skip === "no_profiles")
    return `no credentials configured for ${data.provider} (run \`claw onboard\`)`;
  const until = data.until !== undefined ? ` until ${new Date(data.until).toLocaleTimeString()}` : "";
  return `${describeReason(data.reason)}, cooling down${until}`;
}

/** Silent reply tokens (owned by @claw/ids): a reply that is only one of these is not delivered. */
import { HEARTBEAT_TOKEN, SILENT_TOKENS } from "@claw/ids";

export { HEARTBEAT_TOKEN, SILENT_TOKENS };

export interface SuppressionOptions {
  /** Heartbeat runs: a reply holding HEARTBEAT_OK plus at most `ackMaxChars` other chars is dropped. */
  heartbeat?: boolean;
  ackMaxChars?: number;
}

/** Why a reply is not delivered, or undefined when it should be. */
export function suppressionReason(text: string, options: SuppressionOptions = {}): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return "empty";
  for (const token of SILENT_TOKENS) if (trimmed === token) return token;
  if (trimmed.startsWith("NO_REPLY") && /^NO_REPLY\W*$/.test(trimmed)) return "NO_REPLY";
  if (trimmed.includes(HEARTBEAT_TOKEN)) {
    const rest = trimmed.replaceAll(HEARTBEAT_TOKEN, "").trim();
    if (rest === "" || (options.heartbeat && rest.length <= (options.ackMaxChars ?? 30)))
      return HEARTBEAT_TOKEN;
  }
  return undefined;
}

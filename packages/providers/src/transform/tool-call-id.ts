/**
 * Tool-call ids differ in shape per provider; a conversation that switches provider must send
 * ids the new one accepts, and the same id on the call and its result.
 */

export interface ToolCallIdRule {
  /** Characters a provider accepts; anything else becomes "_". */
  allowed: RegExp;
  maxLength: number;
}

/** Per-API id rules; APIs not listed accept ids as they are. */
export const TOOL_CALL_ID_RULES: Readonly<Record<string, ToolCallIdRule>> = {
  "anthropic-messages": { allowed: /[a-zA-Z0-9_-]/, maxLength: 64 },
  "openai-completions": { allowed: /[a-zA-Z0-9_-]/, maxLength: 40 },
  "openai-responses": { allowed: /[a-zA-Z0-9_-]/, maxLength: 64 },
};

/** FNV-1a, base 36: a short, stable suffix that keeps shortened ids distinct. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Rewrites an id to fit a rule; deterministic, so calls and results stay paired.
 *
 * @example
 * normalizeToolCallId("toolu_01|fc/abc", TOOL_CALL_ID_RULES["openai-completions"]); // "toolu_01_fc_abc"
 */
export function normalizeToolCallId(id: string, rule: ToolCallIdRule | undefined): string {
  if (!rule) return id;
  let out = "";
  for (const ch of id) out += rule.allowed.test(ch) ? ch : "_";
  if (out === "") out = "call";
  if (out.length <= rule.maxLength) return out;
  const suffix = `_${shortHash(id)}`;
  return out.slice(0, rule.maxLength - suffix.length) + suffix;
}

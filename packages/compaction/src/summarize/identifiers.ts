import type { Message } from "@claw/providers";
import { visitMessageText } from "../estimate/text.js";

export type IdentifierKind = "url" | "uuid" | "path" | "ip" | "host" | "hash";

/**
 * What the quality guard looks for, in match order. Each match is masked before the next
 * pattern runs, so a URL's host or a path's file name is not reported twice.
 */
export const IDENTIFIER_PATTERNS: readonly { kind: IdentifierKind; pattern: RegExp }[] = [
  { kind: "url", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"'`]+/gi },
  { kind: "uuid", pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  { kind: "path", pattern: /(?:~|\.{1,2})?(?:\/[\w@.+-]+){2,}\/?|\b[\w@.+-]+(?:\/[\w@.+-]+)+\.\w{1,10}\b/g },
  { kind: "ip", pattern: /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?\b/g },
  {
    kind: "host",
    pattern: /\blocalhost(?::\d{1,5})?\b|\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?\b/gi,
  },
  { kind: "hash", pattern: /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b/gi },
];

export const ALL_IDENTIFIER_KINDS: readonly IdentifierKind[] = IDENTIFIER_PATTERNS.map((p) => p.kind);

/** Trailing punctuation that ends a sentence, not an identifier. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Opaque identifiers in `text`, in first-seen order, without duplicates.
 *
 * @example
 * extractIdentifiers("deploy to https://db-prod-01.example.com:5432 from config/production.yaml");
 * // → ["https://db-prod-01.example.com:5432", "config/production.yaml"]
 */
export function extractIdentifiers(
  text: string,
  kinds: readonly IdentifierKind[] = ALL_IDENTIFIER_KINDS,
): string[] {
  const found = new Set<string>();
  let rest = text;
  for (const { kind, pattern } of IDENTIFIER_PATTERNS) {
    if (!kinds.includes(kind)) continue;
    rest = rest.replace(pattern, (match) => {
      const id = match.replace(TRAILING, "");
      if (id.length >= 4) found.add(id);
      return " ".repeat(match.length);
    });
  }
  return [...found];
}

/** Identifiers in the model-visible text of `messages` (tool-result details excluded). */
export function identifiersInMessages(
  messages: readonly Message[],
  kinds: readonly IdentifierKind[] = ALL_IDENTIFIER_KINDS,
  limit = 500,
): string[] {
  const found = new Set<string>();
  for (const message of messages) {
    visitMessageText(message, (text) => {
      if (found.size >= limit) return;
      for (const id of extractIdentifiers(text, kinds)) if (found.size < limit) found.add(id);
    });
    if (found.size >= limit) break;
  }
  return [...found];
}

/** The identifiers of `expected` that do not appear verbatim in `summary`. */
export function findMissingIdentifiers(expected: readonly string[], summary: string): string[] {
  return expected.filter((id) => !summary.includes(id));
}

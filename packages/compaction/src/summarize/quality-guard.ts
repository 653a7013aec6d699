import type { Message } from "@claw/providers";
import {
  ALL_IDENTIFIER_KINDS,
  extractIdentifiers,
  findMissingIdentifiers,
  type IdentifierKind,
  identifiersInMessages,
} from "./identifiers.js";
import type { IdentifierPolicy } from "./instructions.js";

export interface QualityReport {
  /** False when the policy is `off` or the guard is disabled. */
  checked: boolean;
  /** Identifiers found in the summarised messages (and the previous summary). */
  expected: number;
  /** Identifiers still missing from the returned summary: what was lost. */
  missing: string[];
  /** True when a second attempt was made with the missing identifiers listed. */
  retried: boolean;
  attempts: number;
}

export interface QualityGuardOptions {
  /** The messages being summarised. */
  sourceMessages: readonly Message[];
  /** A summary being updated: its identifiers must survive too. */
  previousSummary?: string;
  identifierPolicy?: IdentifierPolicy;
  /** Which kinds the policy names (default: all for `strict` and `custom`). */
  identifierKinds?: readonly IdentifierKind[];
  /** Extra attempts when identifiers are lost (default 1). */
  maxRetries?: number;
  /** Produces a summary; `missing` lists identifiers an earlier attempt lost (empty at first). */
  run: (missing: readonly string[]) => Promise<string>;
}

/**
 * Summarises, then checks that every identifier the policy names and the source contains appears
 * verbatim in the summary. If some are lost it retries once with them listed, keeps the better
 * attempt, and reports whatever is still missing instead of failing silently.
 *
 * @example
 * const { summary, quality } = await summarizeWithQualityGuard({
 *   sourceMessages: dropped, identifierPolicy: "strict",
 *   run: (missing) => summarize(dropped, buildSummaryInstructions({ missingIdentifiers: missing }), signal),
 * });
 * if (quality.missing.length) log.warn("summary lost identifiers", quality.missing);
 */
export async function summarizeWithQualityGuard(
  options: QualityGuardOptions,
): Promise<{ summary: string; quality: QualityReport }> {
  const policy = options.identifierPolicy ?? "strict";
  let summary = await options.run([]);
  if (policy === "off") {
    return { summary, quality: { checked: false, expected: 0, missing: [], retried: false, attempts: 1 } };
  }
  const kinds = options.identifierKinds ?? ALL_IDENTIFIER_KINDS;
  const expected = identifiersInMessages(options.sourceMessages, kinds);
  if (options.previousSummary) {
    for (const id of extractIdentifiers(options.previousSummary, kinds))
      if (!expected.includes(id)) expected.push(id);
  }
  let missing = findMissingIdentifiers(expected, summary);
  let attempts = 1;
  const maxRetries = options.maxRetries ?? 1;
  while (missing.length > 0 && attempts <= maxRetries) {
    attempts++;
    const retry = await options.run(missing);
    const retryMissing = findMissingIdentifiers(expected, retry);
    if (retryMissing.length <= missing.length) {
      summary = retry;
      missing = retryMissing;
    }
  }
  return {
    summary,
    quality: { checked: true, expected: expected.length, missing, retried: attempts > 1, attempts },
  };
}

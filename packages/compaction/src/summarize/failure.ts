import type { Summarizer } from "./types.js";

/** Why a summary was refused: the history it would replace is kept instead. */
export type SummaryFailureKind = "empty" | "tool-calls-only" | "provider-error" | "identifiers-lost";

/**
 * A summary that must not replace history: empty, made only of tool calls, a provider failure,
 * or one that lost the identifiers the dropped messages held. Compaction throws it after its
 * retries; the caller keeps the history and reports `message`.
 */
export class SummaryFailedError extends Error {
  override readonly name = "SummaryFailedError";
  constructor(
    message: string,
    readonly kind: SummaryFailureKind,
    readonly missingIdentifiers: readonly string[] = [],
  ) {
    super(message);
  }
}

function kindOf(error: unknown): SummaryFailureKind {
  return error instanceof SummaryFailedError ? error.kind : "provider-error";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Wraps a summariser so that a blank reply is an error, and each call is retried up to
 * `retries` more times on any failure except an abort. The last failure is thrown as a
 * {@link SummaryFailedError}.
 *
 * @example
 * const summarize = withSummaryRetries(modelSummarizer, 1);
 * await summarize(messages, instructions, signal); // throws SummaryFailedError("empty") after 2 blank replies
 */
export function withSummaryRetries(summarize: Summarizer, retries: number): Summarizer {
  return async (messages, instructions, signal) => {
    let last: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (signal?.aborted) throw signal.reason ?? new Error("summary aborted");
      try {
        const text = await summarize(messages, instructions, signal);
        if (text.trim() !== "") return text;
        last = new SummaryFailedError("the summariser returned an empty summary", "empty");
      } catch (error) {
        if (signal?.aborted) throw error;
        last = error;
      }
    }
    if (last instanceof SummaryFailedError) throw last;
    throw new SummaryFailedError(`the summariser failed: ${messageOf(last)}`, kindOf(last));
  };
}

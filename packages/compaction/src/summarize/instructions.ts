/** How strictly a summary must keep opaque identifiers. */
export type IdentifierPolicy = "strict" | "off" | "custom";

/** Merge instruction for staged summaries (exact reference wording). */
export const MERGE_SUMMARIES_INSTRUCTIONS =
  "Merge these partial summaries into a single cohesive summary. Preserve decisions, TODOs, open questions, and any constraints.";

/** The `strict` identifier instruction (exact reference wording). */
export const STRICT_IDENTIFIER_INSTRUCTIONS =
  "Preserve all opaque identifiers exactly as written (no shortening or reconstruction), including UUIDs, hashes, IDs, tokens, API keys, hostnames, IPs, ports, URLs, and file names.";

/** The headed sections every summary is written in, in order. */
export const SUMMARY_SECTIONS = [
  { heading: "Goal", guidance: "What the user is trying to achieve, in one or two sentences." },
  {
    heading: "Constraints & Preferences",
    guidance: "Requirements, limits and preferences the user stated; keep their wording.",
  },
  { heading: "Progress", guidance: "What is done, what is in progress, and what was tried and failed." },
  { heading: "Key Decisions", guidance: "Each decision taken and the reason for it." },
  { heading: "Next Steps", guidance: "Open TODOs and open questions, in the order they should be handled." },
  {
    heading: "Critical Context",
    guidance: "Facts needed to continue: files, commands, errors, values, names and identifiers.",
  },
] as const;

const SUMMARY_TASK =
  "Summarise the conversation above so that work can continue from the summary alone. Write only the summary.";
const UPDATE_TASK =
  "Update the previous summary with the new messages above. Keep everything from it that is still true, fold in what changed, and move finished items from Next Steps to Progress. Write only the updated summary.";

function template(): string {
  const lines = SUMMARY_SECTIONS.map((section) => `## ${section.heading}\n${section.guidance}`);
  return `Use exactly these sections (write "None" under a section with nothing to say):\n\n${lines.join("\n\n")}`;
}

export interface SummaryInstructionOptions {
  /** `summarize` (default), `update` an earlier summary, or `merge` partial summaries. */
  task?: "summarize" | "update" | "merge";
  /** Required for `update`: the summary being updated. */
  previousSummary?: string;
  identifierPolicy?: IdentifierPolicy;
  /** The instruction used when `identifierPolicy` is `custom`. */
  identifierInstructions?: string;
  /** Extra focus from the user, e.g. `/compact Focus on decisions and open questions`. */
  customInstructions?: string;
  /** Identifiers a previous attempt lost; the retry lists them. */
  missingIdentifiers?: readonly string[];
}

/** The identifier sentence a policy adds, if any. */
export function identifierInstructionFor(
  policy: IdentifierPolicy = "strict",
  custom?: string,
): string | undefined {
  if (policy === "off") return undefined;
  if (policy === "custom") return custom?.trim() || undefined;
  return STRICT_IDENTIFIER_INSTRUCTIONS;
}

/**
 * Instructions handed to the summariser together with the messages.
 *
 * @example
 * buildSummaryInstructions({ task: "update", previousSummary: "## Goal\nShip v2", identifierPolicy: "strict" });
 */
export function buildSummaryInstructions(options: SummaryInstructionOptions = {}): string {
  const task = options.task ?? "summarize";
  const parts: string[] = [];
  if (task === "merge") parts.push(MERGE_SUMMARIES_INSTRUCTIONS);
  else if (task === "update") parts.push(UPDATE_TASK);
  else parts.push(SUMMARY_TASK);
  parts.push(template());
  const identifiers = identifierInstructionFor(options.identifierPolicy, options.identifierInstructions);
  if (identifiers) parts.push(identifiers);
  if (options.customInstructions?.trim())
    parts.push(`Additional focus: ${options.customInstructions.trim()}`);
  if (options.missingIdentifiers && options.missingIdentifiers.length > 0) {
    parts.push(
      `A previous attempt left out these identifiers; include each one exactly as written:\n${options.missingIdentifiers
        .map((id) => `- ${id}`)
        .join("\n")}`,
    );
  }
  if (task === "update" && options.previousSummary !== undefined) {
    parts.push(`<previous-summary>\n${options.previousSummary}\n</previous-summary>`);
  }
  return parts.join("\n\n");
}

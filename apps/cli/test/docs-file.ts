import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const DOCS_PATH = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "cli.md");
export const BEGIN = "<!-- BEGIN GENERATED: claw command reference -->";
export const END = "<!-- END GENERATED -->";

/** Replaces the text between the markers. */
export function spliceReference(text: string, reference: string): string {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/cli.md lacks the ${BEGIN} / ${END} markers`);
  return `${text.slice(0, start + BEGIN.length)}\n\n${reference}\n${text.slice(end)}`;
}

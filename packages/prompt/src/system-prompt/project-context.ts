import { oneLine } from "../text.js";
import type { ContextFile } from "./types.js";

export const SOUL_PERSONA_LINE =
  "If SOUL.md is present, embody its persona and tone. Avoid stiff, generic replies; follow its guidance unless higher-priority instructions override it.";

function isSoulFile(path: string): boolean {
  return (path.split(/[\\/]/).pop() ?? path).toLowerCase() === "soul.md";
}

/** The bootstrap files, last in the prompt because they change most often; empty files are skipped. */
export function projectContextSection(files: readonly ContextFile[]): string | undefined {
  const valid = files.filter((f) => oneLine(f.path) && f.content.trim());
  if (valid.length === 0) return undefined;
  const lines = ["# Project Context", "", "The following workspace files have been loaded:"];
  if (valid.some((f) => isSoulFile(f.path))) lines.push(SOUL_PERSONA_LINE);
  for (const file of valid) lines.push("", `## ${oneLine(file.path)}`, "", file.content.trimEnd());
  return lines.join("\n");
}

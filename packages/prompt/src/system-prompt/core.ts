/** Identity, tooling and tool-call style: the head of every prompt, identical across runs. */
import { oneLine } from "../text.js";
import type { PromptTool } from "./types.js";

export const DEFAULT_IDENTITY_LINE = "You are a personal assistant running inside Claw.";

export function identitySection(identityLine: string | undefined): string {
  return oneLine(identityLine ?? "") || DEFAULT_IDENTITY_LINE;
}

/** `- name: summary` per tool, in the order given (tool policy passes catalog order). */
export function toolLines(tools: readonly PromptTool[]): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const tool of tools) {
    const name = oneLine(tool.name);
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const summary = oneLine(tool.summary ?? "");
    lines.push(summary ? `- ${name}: ${summary}` : `- ${name}`);
  }
  return lines;
}

export function toolingSection(tools: readonly PromptTool[]): string {
  const lines = toolLines(tools);
  return [
    "## Tooling",
    "Tool availability (filtered by policy):",
    ...(lines.length > 0 ? lines : ["(no tools are available in this session)"]),
    "Tool names are case-sensitive; call them exactly as listed.",
  ].join("\n");
}

export const TOOL_CALL_STYLE_SECTION = [
  "## Tool Call Style",
  "Call tools directly for routine steps; do not narrate each call.",
  "Explain briefly before a step that is destructive, slow, costly or visible to other people.",
  "Check before you claim: read a file before editing it, and verify the result of a change when you can.",
  "If a tool fails, say what failed and what you will try instead; do not silently give up.",
].join("\n");

import { formatSkillsCached } from "../skills/format.js";
import { identitySection, TOOL_CALL_STYLE_SECTION, toolingSection } from "./core.js";
import { docsSection, sandboxSection, timeSection, userSection, workspaceSection } from "./environment.js";
import { memorySection, SAFETY_SECTION, skillsSection } from "./guidance.js";
import { resolvePromptMode } from "./mode.js";
import { projectContextSection } from "./project-context.js";
import { heartbeatSection, messagingSection, repliesSection } from "./replies.js";
import { runtimeSection } from "./runtime.js";
import type { PromptMode, PromptSection, SectionId, SystemPromptParams } from "./types.js";

type SectionBuilder = (p: SystemPromptParams) => string | undefined;

/**
 * The section table, in prompt order: what rarely changes comes first so the prefix stays
 * cacheable; project context, which users edit most, comes last.
 */
const SECTIONS: ReadonlyArray<{ id: SectionId; modes: readonly PromptMode[]; build: SectionBuilder }> = [
  { id: "identity", modes: ["full", "minimal", "none"], build: (p) => identitySection(p.identityLine) },
  { id: "tooling", modes: ["full", "minimal"], build: (p) => toolingSection(p.tools ?? []) },
  { id: "tool-call-style", modes: ["full"], build: () => TOOL_CALL_STYLE_SECTION },
  { id: "safety", modes: ["full", "minimal"], build: () => SAFETY_SECTION },
  {
    id: "skills",
    modes: ["full"],
    build: (p) => skillsSection(formatSkillsCached(p.skills ?? []).text, p.readToolName ?? "read"),
  },
  {
    id: "memory",
    modes: ["full"],
    build: (p) => memorySection(new Set((p.tools ?? []).map((t) => t.name)), p.memoryCitations ?? "on"),
  },
  { id: "user", modes: ["full"], build: (p) => userSection(p.user) },
  { id: "time", modes: ["full"], build: (p) => timeSection(p.now, p.timeZone) },
  { id: "workspace", modes: ["full", "minimal"], build: (p) => workspaceSection(p.workspaceDir) },
  { id: "docs", modes: ["full"], build: (p) => docsSection(p.docsPath) },
  { id: "sandbox", modes: ["full"], build: (p) => sandboxSection(p.sandbox) },
  { id: "replies", modes: ["full"], build: (p) => repliesSection(p.replyTags ?? false) },
  { id: "heartbeat", modes: ["full"], build: (p) => heartbeatSection(p.heartbeatPrompt) },
  { id: "messaging", modes: ["full"], build: (p) => messagingSection(p.channel) },
  {
    id: "runtime",
    modes: ["full", "minimal"],
    build: (p) => runtimeSection(p.runtime, p.channel, p.thinking),
  },
  { id: "project-context", modes: ["full"], build: (p) => projectContextSection(p.contextFiles ?? []) },
];

/**
 * The prompt as a list of sections (ids + text), for reports and cache-boundary decisions.
 *
 * @example
 * buildSystemPromptSections({ workspaceDir: "/w", mode: "none" }); // [{ id: "identity", text: "You are…" }]
 */
export function buildSystemPromptSections(params: SystemPromptParams): PromptSection[] {
  const mode = resolvePromptMode(params);
  const sections: PromptSection[] = [];
  for (const section of SECTIONS) {
    if (!section.modes.includes(mode)) continue;
    const text = section.build(params);
    if (text) sections.push({ id: section.id, text });
  }
  return sections;
}

/** Sections are separated by one blank line. */
export const SECTION_SEPARATOR = "\n\n";

/**
 * Builds the system prompt. Pure: the same params always give the same string (the date is a
 * param, rendered at day precision), which keeps golden tests and provider prompt caches stable.
 *
 * @example
 * const prompt = buildSystemPrompt({
 *   workspaceDir: "/home/ada/.claw/workspace",
 *   tools: [{ name: "read", summary: "Read file contents" }],
 *   runtime: { agentId: "main", model: "anthropic/claude-sonnet-4-5" },
 *   thinking: "low",
 * });
 */
export function buildSystemPrompt(params: SystemPromptParams): string {
  return buildSystemPromptSections(params)
    .map((s) => s.text)
    .join(SECTION_SEPARATOR);
}

import type { PromptSkill } from "../system-prompt/types.js";
import { escapeXml } from "../text.js";

/** Prompt budgets for the skills block. */
export const SKILLS_PROMPT_LIMITS = { maxSkills: 150, maxChars: 30_000 } as const;

export interface SkillsBlock {
  /** The `<available_skills>` block, or "" when no skill fits. */
  text: string;
  /** Size of each listed skill's entry, in listing order. */
  entries: { name: string; chars: number }[];
  /** Skills left out by the count or character budget. */
  omitted: string[];
}

function entryFor(skill: PromptSkill): string {
  return [
    "<skill>",
    `<name>${escapeXml(skill.name)}</name>`,
    `<description>${escapeXml(skill.description)}</description>`,
    `<location>${escapeXml(skill.location)}</location>`,
    "</skill>",
  ].join("\n");
}

const OPEN = "<available_skills>";
const CLOSE = "</available_skills>";

/**
 * Renders skills (sorted by name) as `<available_skills>`; every value is XML-escaped and collapsed
 * to one line, so hostile names or descriptions cannot break the block. Stops at the count or
 * character budget and reports what was left out.
 *
 * @example
 * formatSkillsForPrompt([{ name: "git", description: "Git workflows", location: "/s/git/SKILL.md" }]).text;
 */
export function formatSkillsForPrompt(
  skills: readonly PromptSkill[],
  limits: { maxSkills?: number; maxChars?: number } = {},
): SkillsBlock {
  const maxSkills = limits.maxSkills ?? SKILLS_PROMPT_LIMITS.maxSkills;
  const maxChars = limits.maxChars ?? SKILLS_PROMPT_LIMITS.maxChars;
  const sorted = [...skills].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const parts: string[] = [];
  const entries: SkillsBlock["entries"] = [];
  const omitted: string[] = [];
  let chars = OPEN.length + CLOSE.length + 1;
  for (const skill of sorted) {
    const entry = entryFor(skill);
    if (entries.length >= maxSkills || chars + entry.length + 1 > maxChars) {
      omitted.push(skill.name);
      continue;
    }
    parts.push(entry);
    entries.push({ name: skill.name, chars: entry.length + 1 });
    chars += entry.length + 1;
  }
  const text = parts.length > 0 ? [OPEN, ...parts, CLOSE].join("\n") : "";
  return { text, entries, omitted };
}

const cache = new WeakMap<readonly PromptSkill[], SkillsBlock>();

/** Same as `formatSkillsForPrompt` with default limits, memoized per (immutable) skills array. */
export function formatSkillsCached(skills: readonly PromptSkill[]): SkillsBlock {
  let block = cache.get(skills);
  if (!block) {
    block = formatSkillsForPrompt(skills);
    cache.set(skills, block);
  }
  return block;
}

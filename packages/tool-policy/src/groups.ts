/**
 * Tool groups (`group:fs`, …) and aliases (`bash` → `exec`) usable in every allow/deny list.
 * Groups are data: each catalog row names its group, and `group:core` is the whole catalog.
 */
import { BUILTIN_CATALOG } from "./catalog-view.js";

/** Built-in groups, derived from the catalog's `group` column (`group:fs` is the four file tools, as the reference specifies). */
export const TOOL_GROUPS: Readonly<Record<string, readonly string[]>> = BUILTIN_CATALOG.groups;

/** Other spellings people write in configs, mapped to the canonical id. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  bash: "exec",
  shell: "exec",
  "apply-patch": "apply_patch",
};

/**
 * Canonical form of a tool name as written in a config list: trimmed, lowercase, alias resolved.
 *
 * @example
 * normalizeToolName(" Bash "); // "exec"
 */
export function normalizeToolName(name: string): string {
  const lower = name.trim().toLowerCase();
  return TOOL_ALIASES[lower] ?? lower;
}

/**
 * Tool groups (`group:fs`, …) and aliases (`bash` → `exec`) usable in every allow/deny list.
 * Groups are data: each lists tool ids, and `group:core` is the whole catalog.
 */
import { CORE_TOOL_IDS } from "./catalog.js";

/** Built-in groups. `group:fs` is the four file-mutating tools, as the reference specifies. */
export const TOOL_GROUPS: Readonly<Record<string, readonly string[]>> = {
  "group:fs": ["read", "write", "edit", "apply_patch"],
  "group:search": ["grep", "find", "ls"],
  "group:runtime": ["exec", "process"],
  "group:web": ["web_search", "web_fetch"],
  "group:memory": ["memory_search", "memory_get"],
  "group:sessions": [
    "sessions_list",
    "sessions_history",
    "sessions_send",
    "sessions_spawn",
    "session_status",
    "subagents",
    "agents_list",
  ],
  "group:messaging": ["message"],
  "group:automation": ["cron", "gateway"],
  "group:nodes": ["nodes"],
  "group:ui": ["browser", "canvas"],
  "group:media": ["image", "tts"],
  "group:core": CORE_TOOL_IDS,
};

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

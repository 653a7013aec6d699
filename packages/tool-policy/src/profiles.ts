/**
 * Tool profiles: named base allow-lists selected by `tools.profile` (or an agent's
 * `tools.profile`). `full` has no restriction. Profile lists are exact: the
 * "apply_patch follows write" rule applies to lists people write, not to these tables.
 */

export type ToolProfileId = "minimal" | "coding" | "messaging" | "full";

/** `"*"` means every tool. */
export const TOOL_PROFILES: Readonly<Record<ToolProfileId, readonly string[] | "*">> = {
  minimal: ["read", "write", "edit", "grep", "find", "ls"],
  coding: [
    "read",
    "write",
    "edit",
    "apply_patch",
    "grep",
    "find",
    "ls",
    "exec",
    "process",
    "web_search",
    "web_fetch",
  ],
  messaging: ["read", "write", "message", "sessions_list", "sessions_send", "cron", "web_search"],
  full: "*",
};

export const TOOL_PROFILE_IDS = Object.keys(TOOL_PROFILES) as ToolProfileId[];

/**
 * Narrows a string (from a config file or CLI flag) to a profile id.
 *
 * @example
 * isToolProfileId("coding"); // true
 */
export function isToolProfileId(value: string): value is ToolProfileId {
  return Object.hasOwn(TOOL_PROFILES, value);
}

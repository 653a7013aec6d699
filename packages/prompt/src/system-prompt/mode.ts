import type { PromptMode } from "./types.js";

/**
 * True for `agent:<agentId>:subagent:<id>` session keys.
 *
 * @example
 * isSubagentSessionKey("agent:coder:subagent:7f3a"); // true
 */
export function isSubagentSessionKey(sessionKey: string | undefined): boolean {
  if (!sessionKey) return false;
  const parts = sessionKey.split(":");
  return parts[0] === "agent" && parts[2] === "subagent" && (parts[3] ?? "").length > 0;
}

/**
 * An explicit mode wins; otherwise subagent sessions get `minimal` and everything else `full`.
 *
 * @example
 * resolvePromptMode({ sessionKey: "agent:main:subagent:1" }); // "minimal"
 */
export function resolvePromptMode(params: { mode?: PromptMode; sessionKey?: string }): PromptMode {
  if (params.mode) return params.mode;
  return isSubagentSessionKey(params.sessionKey) ? "minimal" : "full";
}

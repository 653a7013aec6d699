import { isSubagentSessionKey } from "@claw/ids";
import type { PromptMode } from "./types.js";

/** Subagent keys are recognised by `@claw/ids`; re-exported for the prompt's existing users. */
export { isSubagentSessionKey };

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

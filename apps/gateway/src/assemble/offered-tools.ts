/**
 * Which tools an agent is offered before tool policy: the coding tools the config enables, the
 * session tools, memory tools when memory search is on, `cron` when cron is on, and `browser` unless switched off. One rule for the assembly and for
 * `claw tools explain`, so the explanation lists exactly what the model can be given.
 */
import { SESSION_TOOL_NAMES } from "@claw/agent-core";
import { BROWSER_TOOL_NAME } from "@claw/browser";
import type { ClawConfig } from "@claw/config";
import { CRON_TOOL_NAME } from "@claw/cron";
import { MEMORY_TOOL_NAMES } from "@claw/memory";
import { CODING_TOOL_NAMES } from "@claw/tools";
import { isMemoryEnabled } from "./memory.js";

/** Whether the config enables this coding tool (apply_patch and web_fetch can be switched off). */
export function isCodingToolOffered(name: string, config: ClawConfig): boolean {
  if (name === "apply_patch") return config.tools.exec.applyPatch === true;
  if (name === "web_fetch") return config.tools.web.fetch.enabled !== false;
  return true;
}

/**
 * Every tool name the agent's runs start from, in the order the model sees them.
 *
 * @example
 * offeredToolNames(config, "main"); // ["read", "write", …, "sessions_spawn", …, "memory_search", "memory_get"]
 */
export function offeredToolNames(config: ClawConfig, agentId: string): string[] {
  return [
    ...CODING_TOOL_NAMES.filter((name) => isCodingToolOffered(name, config)),
    ...SESSION_TOOL_NAMES,
    ...(isMemoryEnabled(config, agentId) ? MEMORY_TOOL_NAMES : []),
    ...(config.cron.enabled ? [CRON_TOOL_NAME] : []),
    ...(isBrowserOffered(config) ? [BROWSER_TOOL_NAME] : []),
  ];
}

/** Whether agents offer the browser tool (`tools.browser.enabled`). */
export function isBrowserOffered(config: ClawConfig): boolean {
  return config.tools.browser.enabled !== false;
}

/** Whether the config offers a tool the assembly added besides the coding tools (the browser can be switched off). */
export function isExtraToolOffered(name: string, config: ClawConfig): boolean {
  return name === BROWSER_TOOL_NAME ? isBrowserOffered(config) : true;
}

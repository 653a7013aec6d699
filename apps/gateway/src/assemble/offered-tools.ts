/**
 * Which tools an agent is offered before tool policy: the coding tools the config enables, the
 * tools a setting switches on (web_search with a search provider, image with a model that accepts
 * images), the session tools, memory tools
 * when memory search is on, `cron` when cron is on, and `browser` unless switched off. One rule for
 * the assembly and for `claw tools explain`, so the explanation lists exactly what the model can
 * be given, and says why a catalog tool is absent.
 */
import { SESSION_TOOL_NAMES } from "@claw/agent-core";
import { BROWSER_TOOL_NAME } from "@claw/browser";
import type { ClawConfig } from "@claw/config";
import { CRON_TOOL_NAME } from "@claw/cron";
import { MEMORY_TOOL_NAMES } from "@claw/memory";
import { CODING_TOOL_NAMES } from "@claw/tools";
import { hasEnabledAccount } from "./channels/channel-accounts.js";
import { CONFIGURED_TOOL_NAMES } from "./configured-tools.js";
import { isMemoryEnabled } from "./memory.js";
import { createModelResolver, type ModelResolver } from "./models.js";
import { imageToolAbsence } from "./vision.js";
import { resolveWebSearch } from "./web-search.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Models as the rules look them up (the assembly's resolver, else the config's catalog). */
type Models = Pick<ModelResolver, "resolve">;

/** Why a built tool is not offered under this config, or undefined when it is. */
type AbsenceRule = (
  config: ClawConfig,
  agentId: string,
  env: Env,
  models: () => Models,
) => string | undefined;

const memoryAbsence: AbsenceRule = (config, agentId) =>
  isMemoryEnabled(config, agentId)
    ? undefined
    : `memory search is off for agent ${agentId} (memorySearch.enabled)`;

/** Tools offered only under some config; every other built tool is always offered. */
const ABSENCE_RULES: Readonly<Record<string, AbsenceRule>> = {
  apply_patch: (config) =>
    config.tools.exec.applyPatch === true ? undefined : "tools.exec.applyPatch is not enabled",
  web_fetch: (config) =>
    config.tools.web.fetch.enabled !== false ? undefined : "tools.web.fetch.enabled is false",
  memory_search: memoryAbsence,
  memory_get: memoryAbsence,
  [CRON_TOOL_NAME]: (config) => (config.cron.enabled ? undefined : "cron.enabled is false"),
  [BROWSER_TOOL_NAME]: (config) => (isBrowserOffered(config) ? undefined : "tools.browser.enabled is false"),
  message: (config) =>
    hasEnabledAccount(config) ? undefined : "no chat channel account is configured and enabled (channels.*)",
  web_search: (config, _agentId, env) => {
    const resolved = resolveWebSearch(config, env);
    return resolved.ok ? undefined : resolved.reason;
  },
  image: (config, agentId, _env, models) => imageToolAbsence(config, agentId, models()),
};

/** Every tool this build can give an agent, in the order the model sees them. */
export const BUILT_TOOL_NAMES: readonly string[] = [
  ...CODING_TOOL_NAMES,
  ...CONFIGURED_TOOL_NAMES,
  "image",
  "message",
  ...SESSION_TOOL_NAMES,
  ...MEMORY_TOOL_NAMES,
  CRON_TOOL_NAME,
  BROWSER_TOOL_NAME,
];

/**
 * Why this tool is not offered to the agent, or undefined when it is (`env`: where keys are looked
 * up; `models`: the assembly's model resolver, by default the config's catalog).
 */
export function toolAbsenceReason(
  name: string,
  config: ClawConfig,
  agentId: string,
  env: Env = {},
  models?: Models,
): string | undefined {
  let lookup = models;
  return ABSENCE_RULES[name]?.(config, agentId, env, () => {
    lookup ??= createModelResolver(config);
    return lookup;
  });
}

/** Whether the config enables this coding tool (apply_patch and web_fetch can be switched off). */
export function isCodingToolOffered(name: string, config: ClawConfig): boolean {
  return name === "apply_patch" || name === "web_fetch"
    ? toolAbsenceReason(name, config, "") === undefined
    : true;
}

/**
 * Every tool name the agent's runs start from, in the order the model sees them.
 *
 * @example
 * offeredToolNames(config, "main"); // ["read", "write", …, "sessions_spawn", …, "memory_search", "memory_get"]
 */
export function offeredToolNames(
  config: ClawConfig,
  agentId: string,
  env: Env = {},
  models?: Models,
): string[] {
  return BUILT_TOOL_NAMES.filter(
    (name) => toolAbsenceReason(name, config, agentId, env, models) === undefined,
  );
}

/**
 * The built tools this agent is not offered, each with the setting that keeps it away.
 *
 * @example
 * absentTools(config, "main"); // [{ tool: "apply_patch", reason: "tools.exec.applyPatch is not enabled" }]
 */
export function absentTools(
  config: ClawConfig,
  agentId: string,
  env: Env = {},
  models?: Models,
): { tool: string; reason: string }[] {
  const lookup = models ?? createModelResolver(config);
  return BUILT_TOOL_NAMES.flatMap((tool) => {
    const reason = toolAbsenceReason(tool, config, agentId, env, lookup);
    return reason === undefined ? [] : [{ tool, reason }];
  });
}

/** Whether agents offer the browser tool (`tools.browser.enabled`). */
export function isBrowserOffered(config: ClawConfig): boolean {
  return config.tools.browser.enabled !== false;
}

/** Whether the config offers a tool the assembly added besides the coding tools (the browser can be switched off). */
export function isExtraToolOffered(name: string, config: ClawConfig): boolean {
  return name === BROWSER_TOOL_NAME ? isBrowserOffered(config) : true;
}

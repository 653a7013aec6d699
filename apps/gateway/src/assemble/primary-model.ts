/** An agent's model chain as the config names it (the agent's own, else `agents.defaults.model`). */
import { type ClawConfig, modelSelectionRefs, resolveAgentConfig } from "@claw/config";

/** Used when no model is configured anywhere. */
export const FALLBACK_PRIMARY_MODEL = "anthropic/claude-sonnet-4-5";

/**
 * @example
 * agentPrimaryModelRef(config, "main"); // "anthropic/claude-opus-4-6"
 */
export function agentPrimaryModelRef(config: ClawConfig, agentId: string): string {
  const own = resolveAgentConfig(config, agentId);
  return modelSelectionRefs(own?.model ?? config.agents.defaults.model)[0] ?? FALLBACK_PRIMARY_MODEL;
}

/**
 * Compaction per agent: `agents.list[].compaction` / `contextPruning` replace the sections of
 * `agents.defaults` for that agent. Summaries are written by the agent's primary model through the
 * same providers and credentials as a normal turn.
 */
import {
  type AgentDefinition,
  type CompactionStrategy,
  createCompactionStrategy,
  createModelSummarizer,
} from "@claw/agent-core";
import { type ClawConfig, durationMs, resolveAgentConfig } from "@claw/config";
import type { AuthProfile } from "@claw/failover";
import { stream as providerStream, type StreamFunction } from "@claw/providers";
import type { ModelResolver } from "./models.js";

type Defaults = ClawConfig["agents"]["defaults"];
type CompactionConfig = Defaults["compaction"];
type PruningConfig = Defaults["contextPruning"];

/**
 * The agent's compaction and pruning sections: its own section when it has one, else the
 * defaults' (config's agent-scope rule: whole sections, no deep merge; the schema has already
 * filled each section's own defaults).
 */
export function agentCompactionConfig(
  config: ClawConfig,
  agentId: string,
): { compaction: CompactionConfig; contextPruning: PruningConfig } {
  const defaults = config.agents.defaults;
  const own = resolveAgentConfig(config, agentId);
  return {
    compaction: own?.compaction ?? defaults.compaction,
    contextPruning: own?.contextPruning ?? defaults.contextPruning,
  };
}

/** The compaction strategy of one agent, or undefined when its primary model is unknown. */
export function assembleCompaction(
  config: ClawConfig,
  agent: Pick<AgentDefinition, "id" | "model">,
  models: ModelResolver,
  profiles: readonly AuthProfile[],
  stream: StreamFunction = providerStream,
): CompactionStrategy | undefined {
  const model = models.resolve(agent.model.primary);
  if (!model) return undefined;
  const key = profiles.find((p) => p.provider === model.provider);
  const { compaction, contextPruning: pruning } = agentCompactionConfig(config, agent.id);
  const contextTokens =
    resolveAgentConfig(config, agent.id)?.contextTokens ?? config.agents.defaults.contextTokens;
  return createCompactionStrategy({
    maxContextTokens: contextTokens,
    mode: compaction.mode,
    reserveTokensFloor: compaction.reserveTokensFloor,
    maxHistoryShare: compaction.maxHistoryShare,
    keepRecentTokens: compaction.keepRecentTokens,
    identifierPolicy: compaction.identifierPolicy,
    identifierInstructions: compaction.identifierInstructions,
    memoryFlush: {
      enabled: compaction.memoryFlush?.enabled,
      softThresholdTokens: compaction.memoryFlush?.softThresholdTokens,
      prompt: compaction.memoryFlush?.prompt,
      systemPrompt: compaction.memoryFlush?.systemPrompt,
    },
    summarize: createModelSummarizer({
      stream,
      model,
      apiKey: key ? (key.type === "api_key" ? key.apiKey : key.accessToken) : undefined,
    }),
    ...(pruning.mode === "cache-ttl"
      ? {
          contextPruning: {
            mode: "cache-ttl",
            ...(pruning.ttl ? { ttlMs: durationMs(pruning.ttl) } : {}),
            keepLastAssistants: pruning.keepLastAssistants,
            softTrimRatio: pruning.softTrimRatio,
            hardClearRatio: pruning.hardClearRatio,
            minPrunableToolChars: pruning.minPrunableToolChars,
            softTrim: pruning.softTrim,
            hardClear: pruning.hardClear,
            tools: { allow: pruning.tools?.allow ?? [], deny: pruning.tools?.deny ?? [] },
          },
        }
      : {}),
  });
}

/**
 * Compaction from `agents.defaults.compaction` / `contextPruning`: summaries are written by the
 * session's model through the same providers and credentials as a normal turn.
 */
import { type CompactionStrategy, createCompactionStrategy, createModelSummarizer } from "@claw/agent-core";
import type { ClawConfig } from "@claw/config";
import type { AuthProfile } from "@claw/failover";
import { type Model, stream as providerStream, type StreamFunction } from "@claw/providers";
import { FALLBACK_PRIMARY_MODEL } from "./agents.js";
import type { ModelResolver } from "./models.js";

export function assembleCompaction(
  config: ClawConfig,
  models: ModelResolver,
  profiles: readonly AuthProfile[],
  stream: StreamFunction = providerStream,
): CompactionStrategy | undefined {
  const defaults = config.agents.defaults;
  const primary =
    typeof defaults.model === "string" ? defaults.model : (defaults.model?.primary ?? FALLBACK_PRIMARY_MODEL);
  const model: Model | undefined = models.resolve(primary);
  if (!model) return undefined;
  const key = profiles.find((p) => p.provider === model.provider);
  const compaction = defaults.compaction;
  const pruning = defaults.contextPruning;
  return createCompactionStrategy({
    mode: compaction?.mode ?? "default",
    reserveTokensFloor: compaction?.reserveTokensFloor,
    maxHistoryShare: compaction?.maxHistoryShare,
    identifierPolicy: compaction?.identifierPolicy,
    identifierInstructions: compaction?.identifierInstructions,
    summarize: createModelSummarizer({
      stream,
      model,
      apiKey: key ? (key.type === "api_key" ? key.apiKey : key.accessToken) : undefined,
    }),
    ...(pruning?.mode === "cache-ttl"
      ? {
          contextPruning: {
            mode: "cache-ttl",
            keepLastAssistants: pruning.keepLastAssistants,
            softTrimRatio: pruning.softTrimRatio,
            hardClearRatio: pruning.hardClearRatio,
            minPrunableToolChars: pruning.minPrunableToolChars,
            softTrim: pruning.softTrim,
            hardClear: pruning.hardClear,
          },
        }
      : {}),
  });
}

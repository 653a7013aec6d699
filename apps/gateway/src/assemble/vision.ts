/**
 * Which models the `image` tool may ask, in order: the agent's `imageModel` chain (else
 * `agents.defaults.imageModel`), then the session's model (its override, else the agent's primary). The analyzer skips those
 * that do not accept images and says so when none does. Credentials as for compaction: the first
 * profile of the model's provider.
 */
import type { AgentDefinition } from "@claw/agent-core";
import { type ClawConfig, modelSelectionRefs, resolveAgentConfig } from "@claw/config";
import { type AuthProfile, credentialOf } from "@claw/failover";
import type { StreamFunction } from "@claw/providers";
import { createVisionAnalyzer, type ImageAnalyzer, type VisionCandidate } from "@claw/tools";
import type { ModelResolver } from "./models.js";

/**
 * @example
 * visionCandidates(config, agent.definition, models, auth.profiles).map((c) => c.source);
 * // ["agents.defaults.imageModel", "session model"]
 */
export function visionCandidates(
  config: ClawConfig,
  agent: Pick<AgentDefinition, "id" | "model">,
  models: ModelResolver,
  profiles: readonly AuthProfile[],
  sessionModel: string = agent.model.primary,
): VisionCandidate[] {
  const own = resolveAgentConfig(config, agent.id);
  const ownImageModel = config.agents.list?.find((a) => a.id === agent.id)?.imageModel;
  const imageSource = ownImageModel ? `agents.list[${agent.id}].imageModel` : "agents.defaults.imageModel";
  const refs = [
    ...modelSelectionRefs(own?.imageModel ?? config.agents.defaults.imageModel).map((ref) => ({
      ref,
      source: imageSource,
    })),
    { ref: sessionModel, source: "session model" },
  ];
  return refs.flatMap(({ ref, source }) => {
    const model = models.resolve(ref);
    if (!model) return [];
    const profile = profiles.find((p) => p.provider === model.provider);
    const apiKey = profile ? credentialOf(profile) : undefined;
    return [{ model, source, ...(apiKey ? { apiKey } : {}) }];
  });
}

/**
 * The analyzer for one agent, reading the config in force at each call (live reload) and the
 * calling session's model override.
 */
export function createAgentImageAnalyzer(
  currentConfig: () => ClawConfig,
  agent: Pick<AgentDefinition, "id" | "model">,
  models: ModelResolver,
  profiles: readonly AuthProfile[],
  sessionModelOverride: (sessionKey: string) => Promise<string | undefined>,
  stream?: StreamFunction,
): ImageAnalyzer {
  return createVisionAnalyzer({
    candidates: async ({ sessionKey }) => {
      const override = sessionKey ? await sessionModelOverride(sessionKey) : undefined;
      return visionCandidates(currentConfig(), agent, models, profiles, override ?? agent.model.primary);
    },
    ...(stream ? { stream } : {}),
  });
}

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
import { agentPrimaryModelRef } from "./primary-model.js";

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
  return visionModelRefs(config, agent.id, sessionModel).flatMap(({ ref, source }) => {
    const model = models.resolve(ref);
    if (!model) return [];
    const profile = profiles.find((p) => p.provider === model.provider);
    const apiKey = profile ? credentialOf(profile) : undefined;
    return [{ model, source, ...(apiKey ? { apiKey } : {}) }];
  });
}

/** The model refs the image tool tries, in order, each with the setting that names it. */
function visionModelRefs(
  config: ClawConfig,
  agentId: string,
  sessionModel: string,
  sessionSource = "session model",
): { ref: string; source: string }[] {
  const own = resolveAgentConfig(config, agentId);
  const ownImageModel = config.agents.list?.find((a) => a.id === agentId)?.imageModel;
  const imageSource = ownImageModel ? `agents.list[${agentId}].imageModel` : "agents.defaults.imageModel";
  return [
    ...modelSelectionRefs(own?.imageModel ?? config.agents.defaults.imageModel).map((ref) => ({
      ref,
      source: imageSource,
    })),
    { ref: sessionModel, source: sessionSource },
  ];
}

/**
 * Why the `image` tool is not offered to this agent: no model it would ask accepts images (the
 * `imageModel` chain, else the agent's primary model). Undefined when one does.
 *
 * @example
 * imageToolAbsence(config, "main", models);
 * // 'no model of agent main accepts images: "ollama/llama3" is text-only; set agents.defaults.imageModel to a vision model'
 */
export function imageToolAbsence(
  config: ClawConfig,
  agentId: string,
  models: Pick<ModelResolver, "resolve">,
): string | undefined {
  const refs = visionModelRefs(config, agentId, agentPrimaryModelRef(config, agentId), "agent model");
  if (refs.some(({ ref }) => models.resolve(ref)?.input.includes("image"))) return undefined;
  const named = refs.map(({ ref, source }) =>
    models.resolve(ref) ? `"${ref}" (${source}) is text-only` : `"${ref}" (${source}) is not a known model`,
  );
  return `no model of agent ${agentId} accepts images: ${named.join(", ")}; set agents.defaults.imageModel to a vision model`;
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

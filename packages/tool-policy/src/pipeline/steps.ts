/**
 * Turns `ToolPolicyOptions` into the ordered, labelled steps of the pipeline. Each step is an
 * optional allow matcher (keep only these) and an optional deny matcher (remove these).
 */
import { catalogWith } from "../catalog-view.js";
import { compileToolMatcher, type ToolListEntry, type ToolMatcher } from "../match.js";
import { isToolProfileId, TOOL_PROFILE_IDS, TOOL_PROFILES, type ToolProfileId } from "../profiles.js";
import type { ProviderToolPolicy, ScopeToolPolicy, ToolPolicyOptions, ToolRuleSet } from "../types.js";
import type { ToolPolicyLayerId } from "./layers.js";
import { subagentDenyEntries } from "./subagent.js";

export interface PolicyStep {
  readonly layer: ToolPolicyLayerId;
  /** Human label, e.g. `tools.profile "coding" + alsoAllow`. */
  readonly label: string;
  /** Keep only matching tools; `null` = no restriction. */
  readonly allow: ToolMatcher | null;
  /** Names the allow-list in "not allowed by …" explanations. */
  readonly allowSource: string;
  /** Remove matching tools; `null` = nothing denied. */
  readonly deny: ToolMatcher | null;
}

/** A step before compilation: what was written, where. */
export interface StepSpec {
  readonly layer: ToolPolicyLayerId;
  readonly label: string;
  readonly allow: readonly ToolListEntry[] | null;
  readonly allowSource: string;
  readonly deny: readonly ToolListEntry[];
}

const list = (values: readonly string[] | undefined, path: string): ToolListEntry[] =>
  (values ?? []).map((entry) => ({ entry, path }));

/** `byProvider.openai` or `byProvider["openai/gpt-4o"]`. */
export const providerPath = (scope: string, key: string) =>
  /^[a-z_][\w-]*$/i.test(key) ? `${scope}.byProvider.${key}` : `${scope}.byProvider[${JSON.stringify(key)}]`;

interface PickedProvider {
  readonly path: string;
  readonly policy: ProviderToolPolicy;
}

/** The `byProvider` entry for the model: `provider/model` beats `provider`; keys are case-insensitive. */
export function pickProviderPolicy(
  scope: ScopeToolPolicy | undefined,
  scopePath: string,
  model: ToolPolicyOptions["model"],
): PickedProvider | undefined {
  if (!scope?.byProvider || !model) return undefined;
  const provider = model.provider.toLowerCase();
  const wanted = model.id ? [`${provider}/${model.id.toLowerCase()}`, provider] : [provider];
  const keys = Object.keys(scope.byProvider);
  for (const want of wanted) {
    const key = keys.find((k) => k.toLowerCase() === want);
    const policy = key === undefined ? undefined : scope.byProvider[key];
    if (key !== undefined && policy) return { path: providerPath(scopePath, key), policy };
  }
  return undefined;
}

function profileStep(
  layer: ToolPolicyLayerId,
  profile: { id: ToolProfileId; path: string } | undefined,
  alsoAllow: readonly ToolListEntry[],
): StepSpec {
  if (!profile) return { layer, label: "no profile", allow: null, allowSource: "", deny: [] };
  const table = TOOL_PROFILES[profile.id];
  const label = `${profile.path} ${JSON.stringify(profile.id)}${alsoAllow.length > 0 ? " + alsoAllow" : ""}`;
  if (table === "*") return { layer, label, allow: null, allowSource: label, deny: [] };
  const base = table.map((entry) => ({ entry, path: `${profile.path} "${profile.id}"`, exact: true }));
  return { layer, label, allow: [...base, ...alsoAllow], allowSource: label, deny: [] };
}

function checkProfile(id: string | undefined, path: string): { id: ToolProfileId; path: string } | undefined {
  if (id === undefined) return undefined;
  if (!isToolProfileId(id))
    throw new TypeError(
      `tool-policy: ${path} ${JSON.stringify(id)} is not a tool profile — use one of ${TOOL_PROFILE_IDS.join(", ")}`,
    );
  return { id, path };
}

/** allow ∪ alsoAllow when allow is non-empty; otherwise no restriction. */
function ruleStep(layer: ToolPolicyLayerId, rules: ToolRuleSet | undefined, path: string): StepSpec {
  const allow = rules?.allow?.length
    ? [...list(rules.allow, `${path}.allow`), ...list(rules.alsoAllow, `${path}.alsoAllow`)]
    : null;
  const allowSource = `${path}.allow${rules?.alsoAllow?.length ? " + alsoAllow" : ""}`;
  return { layer, label: path, allow, allowSource, deny: list(rules?.deny, `${path}.deny`) };
}

function filterSteps(options: ToolPolicyOptions): StepSpec[] {
  const steps: StepSpec[] = [];
  const { channel, model, sender } = options;
  const channelLabel = channel ? `channel ${JSON.stringify(channel.id)}` : "channel";
  const channelDeny: ToolListEntry[] = list(channel?.unsupportedTools, channelLabel).map((e) => ({
    ...e,
    note: "unsupported by this channel",
  }));
  if (channel?.capabilities) {
    const has = new Set(channel.capabilities);
    for (const [id, need] of catalogWith(options.extraTools).capabilityNeeds) {
      if (!has.has(need))
        channelDeny.push({ entry: id, path: channelLabel, note: `needs capability "${need}"`, exact: true });
    }
  }
  steps.push({ layer: "channel", label: channelLabel, allow: null, allowSource: "", deny: channelDeny });
  const modelLabel = model
    ? `model ${JSON.stringify(model.id ? `${model.provider}/${model.id}` : model.provider)}`
    : "model";
  const modelDeny = list(model?.unsupportedTools, modelLabel).map((e) => ({
    ...e,
    note: "unsupported by this model",
  }));
  steps.push({ layer: "model", label: modelLabel, allow: null, allowSource: "", deny: modelDeny });
  const isOwner = sender?.isOwner === true;
  const ownerDeny = isOwner
    ? []
    : (options.ownerOnly ?? catalogWith(options.extraTools).ownerOnly).map((entry) => ({
        entry,
        path: options.ownerOnly ? "ownerOnly" : "owner-only tools",
        note: sender?.isOwner === false ? "sender is not an owner" : "sender is unknown, so not an owner",
      }));
  const ownerLabel = isOwner ? "owner-only (sender is owner)" : "owner-only";
  steps.push({ layer: "owner", label: ownerLabel, allow: null, allowSource: "", deny: ownerDeny });
  return steps;
}

/**
 * Every step, in order (see `TOOL_POLICY_LAYERS`), including no-op ones so explain can list
 * them. Throws on an unknown profile or an invalid subagent depth.
 */
export function buildStepSpecs(options: ToolPolicyOptions): StepSpec[] {
  const { global, agent, model } = options;
  const agentPath = agent ? `agents.list[${agent.id}].tools` : "agents.list[].tools";
  const globalProvider = pickProviderPolicy(global, "tools", model);
  const agentProvider = pickProviderPolicy(agent, agentPath, model);
  const alsoAllow = [
    ...list(global?.alsoAllow, "tools.alsoAllow"),
    ...list(agent?.alsoAllow, `${agentPath}.alsoAllow`),
    ...list(globalProvider?.policy.alsoAllow, `${globalProvider?.path}.alsoAllow`),
    ...list(agentProvider?.policy.alsoAllow, `${agentProvider?.path}.alsoAllow`),
  ];
  const profile =
    checkProfile(agent?.profile, `${agentPath}.profile`) ?? checkProfile(global?.profile, "tools.profile");
  const providerProfile =
    checkProfile(agentProvider?.policy.profile, `${agentProvider?.path}.profile`) ??
    checkProfile(globalProvider?.policy.profile, `${globalProvider?.path}.profile`);
  const sub = options.subagent;
  const subDeny = sub ? subagentDenyEntries(sub.depth, sub.maxSpawnDepth) : [];
  const subUser = sub && sub.depth > 0 ? sub.tools : undefined;
  const subRules = ruleStep("subagent", subUser, subUser?.source ?? "tools.subagents.tools");
  return [
    ...filterSteps(options),
    profileStep("profile", profile, alsoAllow),
    profileStep("provider-profile", providerProfile, alsoAllow),
    ruleStep("global", global, "tools"),
    ruleStep("global-provider", globalProvider?.policy, globalProvider?.path ?? "tools.byProvider"),
    ruleStep("agent", agent, agentPath),
    ruleStep("agent-provider", agentProvider?.policy, agentProvider?.path ?? `${agentPath}.byProvider`),
    ruleStep("group", options.group, options.group?.source ?? "group.tools"),
    ruleStep("sandbox", options.sandbox, options.sandbox?.source ?? "sandbox.tools"),
    {
      ...subRules,
      label: sub ? `subagent depth ${sub.depth}` : "subagent",
      deny: [...subDeny, ...subRules.deny],
    },
  ];
}

/** Compiles step specs into matchers. */
export function compileSteps(specs: readonly StepSpec[], options: ToolPolicyOptions): PolicyStep[] {
  const builtin = catalogWith(options.extraTools).groups;
  const groups = options.groups ? { ...builtin, ...lowerKeys(options.groups) } : builtin;
  return specs.map((spec) => ({
    layer: spec.layer,
    label: spec.label,
    allow: spec.allow ? compileToolMatcher(spec.allow, { groups }) : null,
    allowSource: spec.allowSource,
    deny: spec.deny.length > 0 ? compileToolMatcher(spec.deny, { groups }) : null,
  }));
}

function lowerKeys(groups: Readonly<Record<string, readonly string[]>>): Record<string, readonly string[]> {
  return Object.fromEntries(
    Object.entries(groups).map(([k, v]) => [k.toLowerCase(), v.map((t) => t.toLowerCase())]),
  );
}

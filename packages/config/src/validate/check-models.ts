/**
 * Model references must be `"provider/model"` or an alias; when the app passes the catalog
 * (`knownModels`), they must also name a known model, with the nearest one as a hint.
 */

import { parseModelRef } from "@claw/ids";
import type { ClawConfig, ModelSelectionConfig } from "../schema/config.js";
import { didYouMean } from "./closest.js";
import type { ConfigIssue } from "./issue.js";

interface RefSite {
  path: string;
  ref: string;
}

function selectionSites(selection: ModelSelectionConfig | undefined, path: string): RefSite[] {
  if (selection === undefined) return [];
  if (typeof selection === "string") return [{ path, ref: selection }];
  return [
    { path: `${path}.primary`, ref: selection.primary },
    ...(selection.fallbacks ?? []).map((ref, i) => ({ path: `${path}.fallbacks[${i}]`, ref })),
  ];
}

/** Every place in the config that names a model. */
export function modelRefSites(config: ClawConfig): RefSite[] {
  const defaults = config.agents.defaults;
  const sites = [
    ...selectionSites(defaults.model, "agents.defaults.model"),
    ...selectionSites(defaults.subagents.model, "agents.defaults.subagents.model"),
    ...selectionSites(defaults.heartbeat?.model, "agents.defaults.heartbeat.model"),
  ];
  (config.agents.list ?? []).forEach((agent, i) => {
    sites.push(...selectionSites(agent.model, `agents.list[${i}].model`));
    sites.push(...selectionSites(agent.subagents?.model, `agents.list[${i}].subagents.model`));
    sites.push(...selectionSites(agent.heartbeat?.model, `agents.list[${i}].heartbeat.model`));
  });
  return sites;
}

/** `provider/model` refs declared in `models.providers.*.models[]`. */
export function customModelRefs(config: ClawConfig): string[] {
  return Object.entries(config.models.providers ?? {}).flatMap(([provider, settings]) =>
    (settings.models ?? []).map((model) => `${provider}/${model.id}`),
  );
}

/** What the app knows about models: the catalog, and providers that accept any model id. */
export interface ModelKnowledge {
  /** The model catalog as `"provider/model"` refs; when given, unknown models are errors with hints. */
  knownModels?: readonly string[];
  /** Providers whose every `"provider/<id>"` resolves (a local Ollama serves what it has pulled). */
  openProviders?: readonly string[];
}

export function checkModelRefs(config: ClawConfig, knowledge: ModelKnowledge = {}): ConfigIssue[] {
  const { knownModels } = knowledge;
  const open = new Set(knowledge.openProviders ?? []);
  const aliases = new Map<string, string>();
  for (const [ref, settings] of Object.entries(config.agents.defaults.models ?? {}))
    if (settings.alias) aliases.set(settings.alias, ref);
  const issues: ConfigIssue[] = [];
  for (const [ref] of Object.entries(config.agents.defaults.models ?? {}))
    if (!parseModelRef(ref))
      issues.push({
        path: `agents.defaults.models[${JSON.stringify(ref)}]`,
        message: 'is not a "provider/model" reference',
        hint: 'key the entry by "provider/model", e.g. "anthropic/claude-opus-4-6"',
      });
  const known = knownModels ? new Set([...knownModels, ...customModelRefs(config)]) : undefined;
  for (const site of modelRefSites(config)) {
    const ref = aliases.get(site.ref) ?? site.ref;
    if (!parseModelRef(ref)) {
      const near = didYouMean(site.ref, [...aliases.keys(), ...(known ?? [])]);
      issues.push({
        path: site.path,
        value: site.ref,
        message: 'is neither a "provider/model" reference nor an alias from agents.defaults.models',
        hint: near ?? 'write it as "provider/model", e.g. "anthropic/claude-opus-4-6"',
      });
      continue;
    }
    const provider = parseModelRef(ref)?.provider ?? "";
    if (known && !known.has(ref) && !open.has(provider)) {
      const near = didYouMean(ref, known);
      issues.push({
        path: site.path,
        value: site.ref,
        message: "is not a known model",
        hint: `${near ? `${near} ` : ""}run \`claw models list\`, or declare it under models.providers.<id>.models`,
      });
    }
  }
  return issues;
}

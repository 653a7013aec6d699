/**
 * Model lookup for the gateway: the built-in catalog plus `models.providers.*` (custom models,
 * OpenAI-compatible endpoints, base-URL overrides) and `agents.defaults.models` aliases.
 */
import { type ClawConfig, closestMatch, type ModelKnowledge } from "@claw/config";
import { findModel, listModels, type Model } from "@claw/providers";
import { DEFAULT_OLLAMA_URL } from "./ollama-probe.js";

export interface ModelResolver {
  resolve(ref: string): Model | undefined;
  /** Every model the gateway knows, custom first. */
  list(): Model[];
  /** `models.providers.<provider>.apiKey`, after env substitution. */
  configuredApiKey(provider: string): string | undefined;
  /** Re-reads providers, custom models and aliases from a new config (live reload). */
  reconfigure(config: ClawConfig): void;
}

/** Providers whose every "provider/<id>" resolves: a local Ollama serves whatever it has pulled. */
export const OPEN_MODEL_PROVIDERS: readonly string[] = ["ollama"];

/**
 * What config validation needs to reject a typo such as "anthropic/claude-opsu-4-6" with a
 * did-you-mean: the built-in catalog (plus models the app adds) and the providers that accept any id.
 */
export function modelKnowledge(extra: readonly Model[] = []): ModelKnowledge {
  return {
    knownModels: [...extra, ...listModels()].map((m) => `${m.provider}/${m.id}`),
    openProviders: OPEN_MODEL_PROVIDERS,
  };
}

const ZERO_COST = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * @example
 * const models = createModelResolver(config);
 * models.resolve("opus"); // alias → "anthropic/claude-opus-4-6"
 */
export function createModelResolver(config: ClawConfig, extra: readonly Model[] = []): ModelResolver {
  let current = modelLookup(config, extra);
  return {
    resolve: (ref) => current.resolve(ref),
    list: () => current.list(),
    configuredApiKey: (provider) => current.configuredApiKey(provider),
    reconfigure(next) {
      current = modelLookup(next, extra);
    },
  };
}

function modelLookup(config: ClawConfig, extra: readonly Model[]): Omit<ModelResolver, "reconfigure"> {
  const providers = config.models.providers ?? {};
  const custom: Model[] = [...extra];
  for (const [provider, settings] of Object.entries(providers)) {
    for (const m of settings.models ?? []) {
      custom.push({
        id: m.id,
        name: m.name ?? m.id,
        provider,
        api: m.api ?? settings.api ?? (provider === "ollama" ? "ollama-chat" : "openai-completions"),
        baseUrl: settings.baseUrl,
        contextWindow: m.contextWindow ?? 128_000,
        maxTokens: m.maxTokens ?? 8_192,
        input: m.input ?? ["text"],
        reasoning: m.reasoning ?? false,
        cost: m.cost ? { ...ZERO_COST, ...m.cost } : ZERO_COST,
        headers: { ...settings.headers, ...m.headers },
      });
    }
  }
  const aliases = new Map<string, string>();
  for (const [ref, settings] of Object.entries(config.agents.defaults.models ?? {})) {
    if (settings.alias) aliases.set(settings.alias.toLowerCase(), ref);
  }
  const replace = config.models.mode === "replace";
  const withProviderSettings = (model: Model): Model => {
    const settings = providers[model.provider];
    if (!settings?.baseUrl && !settings?.headers) return model;
    return {
      ...model,
      baseUrl: settings.baseUrl ?? model.baseUrl,
      headers: { ...model.headers, ...settings.headers },
    };
  };

  return {
    resolve(input) {
      const ref = aliases.get(input.toLowerCase()) ?? input;
      const own = custom.find((m) => `${m.provider}/${m.id}` === ref);
      if (own) return own;
      if (replace) return undefined;
      const known = findModel(ref);
      if (known) return withProviderSettings(known);
      // Any local Ollama model works without declaring it: "ollama/<name>".
      if (ref.startsWith("ollama/") && ref.length > "ollama/".length) {
        return {
          id: ref.slice("ollama/".length),
          name: ref,
          provider: "ollama",
          api: "ollama-chat",
          baseUrl: providers.ollama?.baseUrl ?? DEFAULT_OLLAMA_URL,
          contextWindow: 32_768,
          maxTokens: 8_192,
          input: ["text"],
          reasoning: false,
          cost: ZERO_COST,
        };
      }
      return undefined;
    },
    list() {
      return replace ? [...custom] : [...custom, ...listModels().map(withProviderSettings)];
    },
    configuredApiKey(provider) {
      const key = providers[provider]?.apiKey;
      return key && key.trim() !== "" ? key : undefined;
    },
  };
}

/** `Unknown model "x"` with the nearest known model and a few that exist, never a bare "unknown". */
export function unknownModelMessage(ref: string, known: readonly Model[]): string {
  const refs = known.map((m) => `${m.provider}/${m.id}`);
  const near = closestMatch(ref, refs);
  const sample = refs.slice(0, 8).join(", ");
  return `Unknown model "${ref}"${near ? ` — did you mean "${near}"?` : ""} Known models include: ${sample}${refs.length > 8 ? `, … (${refs.length} in all; \`claw models list\`)` : ""}.`;
}

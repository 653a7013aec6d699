/**
 * `tools.web.search` → which search provider web_search uses, or why there is none. Pure (config
 * and environment in, a plan out), so the assembly and `claw tools explain` read the same answer.
 * Keys: `tools.web.search.apiKey`, then an `auth.profiles` entry of the provider, then the
 * provider's environment variables (`BRAVE_API_KEY`; a model provider's from the provider table).
 */
import type { ClawConfig } from "@claw/config";
import { parseModelRef } from "@claw/ids";
import { findProvider, providerEnvKeys } from "@claw/providers";
import {
  createBraveSearch,
  createOpenAICompatibleSearch,
  createSearxngSearch,
  type WebSearchProvider,
} from "@claw/tools";

export type WebSearchPlan =
  | { kind: "brave"; apiKey: string; baseUrl?: string; keyHint: string }
  | { kind: "searxng"; baseUrl: string }
  | { kind: "openai-compatible"; baseUrl: string; apiKey: string; model: string; keyHint: string };

export type WebSearchResolution =
  | { ok: true; plan: WebSearchPlan; maxResults?: number; timeoutMs?: number }
  | { ok: false; reason: string };

export const WEB_SEARCH_PROVIDERS = ["brave", "searxng", "openai-compatible"] as const;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * @example
 * resolveWebSearch(config, { BRAVE_API_KEY: "…" }); // { ok: true, plan: { kind: "brave", … } }
 * resolveWebSearch(config, {}); // { ok: false, reason: "no search provider is configured: …" }
 */
export function resolveWebSearch(config: ClawConfig, env: Env): WebSearchResolution {
  const settings = config.tools.web.search;
  if (settings.enabled === false) return { ok: false, reason: "tools.web.search.enabled is false" };
  const plan = planFor(config, env);
  if ("reason" in plan) return { ok: false, reason: plan.reason };
  return {
    ok: true,
    plan,
    ...(settings.maxResults ? { maxResults: settings.maxResults } : {}),
    ...(settings.timeoutSeconds ? { timeoutMs: settings.timeoutSeconds * 1000 } : {}),
  };
}

function planFor(config: ClawConfig, env: Env): WebSearchPlan | { reason: string } {
  const settings = config.tools.web.search;
  const provider = settings.provider?.trim().toLowerCase();
  if (provider === undefined || provider === "" || provider === "brave") {
    const key = keyFor(config, env, "brave", ["BRAVE_API_KEY"]);
    if (key) return { kind: "brave", apiKey: key, ...withBase(settings.baseUrl), keyHint: KEY_HINT.brave };
    return {
      reason:
        provider === "brave"
          ? "tools.web.search.provider is brave but no Brave key is set (tools.web.search.apiKey or BRAVE_API_KEY)"
          : "no search provider is configured: set BRAVE_API_KEY (or tools.web.search.apiKey), or tools.web.search.provider searxng with baseUrl, or openai-compatible with model",
    };
  }
  if (provider === "searxng")
    return settings.baseUrl
      ? { kind: "searxng", baseUrl: settings.baseUrl }
      : {
          reason:
            "tools.web.search.provider is searxng but tools.web.search.baseUrl (the instance URL) is not set",
        };
  if (provider === "openai-compatible") return modelPlan(config, env);
  return {
    reason: `tools.web.search.provider "${settings.provider}" is not one of ${WEB_SEARCH_PROVIDERS.join(", ")}`,
  };
}

function modelPlan(config: ClawConfig, env: Env): WebSearchPlan | { reason: string } {
  const settings = config.tools.web.search;
  const ref = settings.model ? parseModelRef(settings.model) : undefined;
  if (!ref)
    return {
      reason: `tools.web.search.provider is openai-compatible but tools.web.search.model ${settings.model ? `"${settings.model}" is not "provider/model"` : "is not set"}`,
    };
  const providerSettings = config.models.providers?.[ref.provider];
  const baseUrl = settings.baseUrl ?? providerSettings?.baseUrl ?? findProvider(ref.provider)?.baseUrl;
  if (!baseUrl)
    return {
      reason: `no endpoint for search model ${settings.model}: set tools.web.search.baseUrl or models.providers.${ref.provider}.baseUrl`,
    };
  const keyless = findProvider(ref.provider)?.keyless === true;
  const key =
    keyFor(config, env, ref.provider, providerEnvKeys()[ref.provider] ?? []) ??
    (providerSettings?.apiKey?.trim() || undefined);
  if (!key && !keyless)
    return {
      reason: `no key for search model ${settings.model}: set tools.web.search.apiKey, models.providers.${ref.provider}.apiKey or the provider's environment variable`,
    };
  return {
    kind: "openai-compatible",
    baseUrl,
    apiKey: key ?? "",
    model: ref.modelId,
    keyHint: `tools.web.search.apiKey or the ${ref.provider} key`,
  };
}

const KEY_HINT = { brave: "tools.web.search.apiKey or BRAVE_API_KEY" } as const;

function keyFor(
  config: ClawConfig,
  env: Env,
  provider: string,
  envNames: readonly string[],
): string | undefined {
  const configured = config.tools.web.search.apiKey?.trim();
  if (configured) return configured;
  const profile = Object.values(config.auth.profiles ?? {}).find((p) => p.provider === provider && p.apiKey);
  if (profile?.apiKey) return profile.apiKey;
  return envNames.map((name) => env[name]?.trim()).find((value) => value !== undefined && value !== "");
}

function withBase(baseUrl: string | undefined): { baseUrl?: string } {
  return baseUrl ? { baseUrl } : {};
}

/** The provider object for a resolved plan. */
export function createWebSearchProvider(plan: WebSearchPlan, timeoutMs?: number): WebSearchProvider {
  const timeout = timeoutMs ? { timeoutMs } : {};
  if (plan.kind === "searxng") return createSearxngSearch({ baseUrl: plan.baseUrl, ...timeout });
  if (plan.kind === "brave")
    return createBraveSearch({
      apiKey: plan.apiKey,
      keyHint: plan.keyHint,
      ...withBase(plan.baseUrl),
      ...timeout,
    });
  return createOpenAICompatibleSearch({ ...plan, ...timeout });
}

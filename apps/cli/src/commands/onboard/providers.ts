/**
 * The providers onboarding offers: every row of `@claw/providers`' PROVIDER_TABLE with onboarding
 * facts, then a generic OpenAI-compatible endpoint.
 */
import { PROVIDER_TABLE, type ProviderFacts } from "@claw/providers";

export interface OnboardProvider {
  /** The choice's id (`--provider`): a provider id, or "openai-compatible". */
  id: string;
  label: string;
  /** Provider id used in model refs, config and auth profiles. */
  provider: string;
  /** Environment variable the gateway also reads; offered as the default key source. */
  envKey?: string;
  /** Where a person gets a key. */
  keyHint?: string;
  key: "required" | "optional" | "none";
  /** Needs an endpoint URL (Ollama, OpenAI-compatible); the default when there is one. */
  url?: { default?: string };
  /** Suggested default model. */
  defaultModel?: string;
}

/** A provider table row as an onboarding choice, or undefined when onboarding does not offer it. */
export function onboardChoice(row: ProviderFacts): OnboardProvider | undefined {
  const facts = row.onboarding;
  if (!facts) return undefined;
  return {
    id: row.id,
    label: facts.label,
    provider: row.id,
    ...(row.envKeys[0] ? { envKey: row.envKeys[0] } : {}),
    ...(facts.keyHint ? { keyHint: facts.keyHint } : {}),
    key: row.keyless ? "none" : "required",
    ...(facts.asksForUrl ? { url: { default: row.baseUrl } } : {}),
    ...(facts.defaultModel ? { defaultModel: facts.defaultModel } : {}),
  };
}

export const ONBOARD_PROVIDERS: readonly OnboardProvider[] = [
  ...PROVIDER_TABLE.flatMap((row) => onboardChoice(row) ?? []),
  {
    id: "openai-compatible",
    label: "OpenAI-compatible endpoint (vLLM, LM Studio, a proxy…)",
    provider: "custom",
    key: "optional",
    url: {},
  },
];

export function findOnboardProvider(id: string): OnboardProvider | undefined {
  return ONBOARD_PROVIDERS.find((p) => p.id === id);
}

/** Model names a local Ollama has pulled (`GET /api/tags`); empty when it does not answer. */
export async function listOllamaModels(baseUrl: string, timeoutMs = 2000): Promise<string[]> {
  try {
    const response = await fetch(new URL("/api/tags", baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return [];
    const body = (await response.json()) as { models?: { name?: string }[] };
    return (body.models ?? []).flatMap((m) => (typeof m.name === "string" ? [m.name] : []));
  } catch {
    return [];
  }
}

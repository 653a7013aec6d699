/** The providers onboarding offers, as data: how each is configured and where its key comes from. */

export interface OnboardProvider {
  id: "anthropic" | "openai" | "google" | "ollama" | "openai-compatible";
  label: string;
  /** Provider id used in model refs, config and auth profiles. */
  provider: string;
  /** Environment variable the gateway also reads; offered as the default key source. */
  envKey?: string;
  key: "required" | "optional" | "none";
  /** Needs an endpoint URL (Ollama, OpenAI-compatible); the default when there is one. */
  url?: { default?: string };
  /** Suggested default model. */
  defaultModel?: string;
}

export const ONBOARD_PROVIDERS: readonly OnboardProvider[] = [
  {
    id: "anthropic",
    label: "Anthropic (Claude)",
    provider: "anthropic",
    envKey: "ANTHROPIC_API_KEY",
    key: "required",
    defaultModel: "anthropic/claude-sonnet-4-5",
  },
  {
    id: "openai",
    label: "OpenAI",
    provider: "openai",
    envKey: "OPENAI_API_KEY",
    key: "required",
    defaultModel: "openai/gpt-5-mini",
  },
  {
    id: "google",
    label: "Google (Gemini)",
    provider: "google",
    envKey: "GEMINI_API_KEY",
    key: "required",
    defaultModel: "google/gemini-2.5-flash",
  },
  {
    id: "ollama",
    label: "Ollama (local models at a URL)",
    provider: "ollama",
    key: "none",
    url: { default: "http://127.0.0.1:11434" },
  },
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

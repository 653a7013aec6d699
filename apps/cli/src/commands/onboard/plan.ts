/**
 * What onboarding will write, computed from the answers (pure): config changes, auth profiles
 * and the default model. `apply.ts` writes it; both the prompts and the flags produce answers.
 */
import { setAtPath } from "@claw/config";
import type { OnboardProvider } from "./providers.js";

export interface ProviderAnswer {
  provider: OnboardProvider;
  /** The pasted or env-read key (never printed). */
  apiKey?: string;
  baseUrl?: string;
}

export interface OnboardAnswers {
  providers: ProviderAnswer[];
  model: string;
  /** As typed (may start with `~`); undefined keeps the default `<state dir>/workspace`. */
  workspace?: string;
}

export interface OnboardPlan {
  /** The config document after onboarding (merged into the existing one). */
  document: unknown;
  profiles: { id: string; provider: string; type: "api_key"; apiKey: string }[];
  model: string;
}

/**
 * @example
 * planOnboarding({}, { providers: [{ provider: anthropic, apiKey: "sk-…" }], model: "anthropic/claude-sonnet-4-5" });
 */
export function planOnboarding(existing: unknown, answers: OnboardAnswers): OnboardPlan {
  let document = setAtPath(existing ?? {}, ["agents", "defaults", "model"], { primary: answers.model });
  if (answers.workspace)
    document = setAtPath(document, ["agents", "defaults", "workspace"], answers.workspace);
  const profiles: OnboardPlan["profiles"] = [];
  for (const answer of answers.providers) {
    const { provider } = answer;
    if (answer.apiKey)
      profiles.push({
        id: `${provider.provider}:onboard`,
        provider: provider.provider,
        type: "api_key",
        apiKey: answer.apiKey,
      });
    if (provider.id === "ollama" && answer.baseUrl)
      document = setAtPath(document, ["models", "providers", "ollama", "baseUrl"], answer.baseUrl);
    if (provider.id === "openai-compatible") {
      const modelId = answers.model.startsWith(`${provider.provider}/`)
        ? answers.model.slice(provider.provider.length + 1)
        : undefined;
      document = setAtPath(document, ["models", "providers", provider.provider], {
        api: "openai-completions",
        baseUrl: answer.baseUrl,
        ...(modelId ? { models: [{ id: modelId }] } : {}),
      });
    }
  }
  return { document, profiles, model: answers.model };
}

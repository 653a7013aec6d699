/**
 * The provider table: one row per provider id with everything the layers above need to know
 * about it (its wire API, default endpoint, where its key comes from, whether it needs one, and
 * what onboarding offers). The catalog, the gateway's credentials, onboarding and memory
 * embeddings all read it, so a new provider is an adapter folder plus one row here.
 */
import type { KnownApi, ProviderId } from "../types.js";

/** What onboarding (`claw onboard`) shows for a provider. */
export interface ProviderOnboarding {
  /** The choice's label, e.g. "Anthropic (Claude)". */
  label: string;
  /** Where a person gets a key, shown next to the key prompt. */
  keyHint?: string;
  /** The model suggested as the agent's primary, e.g. "anthropic/claude-sonnet-4-5". */
  defaultModel?: string;
  /** Ask for the endpoint URL (local servers), offering `baseUrl` as the default. */
  asksForUrl?: boolean;
}

/** Where a local Ollama server listens unless the config names another URL. */
export const DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434";

export interface ProviderFacts {
  id: ProviderId;
  /** The wire API its models speak by default. */
  api: KnownApi;
  /** The endpoint used when the config names none ("" for the in-process faux provider). */
  baseUrl: string;
  /** Environment variables read for its key, in order of preference. */
  envKeys: readonly string[];
  /** Called without a credential (a local server, the test double). */
  keyless: boolean;
  /** Offered by onboarding when present. */
  onboarding?: ProviderOnboarding;
}

export const PROVIDER_TABLE: readonly ProviderFacts[] = [
  {
    id: "anthropic",
    api: "anthropic-messages",
    baseUrl: "https://api.anthropic.com",
    envKeys: ["ANTHROPIC_API_KEY"],
    keyless: false,
    onboarding: {
      label: "Anthropic (Claude)",
      keyHint: "console.anthropic.com → API keys",
      defaultModel: "anthropic/claude-sonnet-4-5",
    },
  },
  {
    id: "openai",
    api: "openai-responses",
    baseUrl: "https://api.openai.com/v1",
    envKeys: ["OPENAI_API_KEY"],
    keyless: false,
    onboarding: {
      label: "OpenAI",
      keyHint: "platform.openai.com → API keys",
      defaultModel: "openai/gpt-5-mini",
    },
  },
  {
    id: "google",
    api: "google-generative-ai",
    baseUrl: "https://generativelanguage.googleapis.com",
    envKeys: ["GEMINI_API_KEY", "GOOGLE_API_KEY"],
    keyless: false,
    onboarding: {
      label: "Google (Gemini)",
      keyHint: "aistudio.google.com → Get API key",
      defaultModel: "google/gemini-2.5-flash",
    },
  },
  {
    id: "ollama",
    api: "ollama-chat",
    baseUrl: DEFAULT_OLLAMA_URL,
    envKeys: [],
    keyless: true,
    onboarding: { label: "Ollama (local models at a URL)", asksForUrl: true },
  },
  {
    id: "openrouter",
    api: "openai-completions",
    baseUrl: "https://openrouter.ai/api/v1",
    envKeys: ["OPENROUTER_API_KEY"],
    keyless: false,
  },
  { id: "faux", api: "faux", baseUrl: "", envKeys: [], keyless: true },
];

/**
 * The row of a provider id, or undefined for providers the table does not know (custom ones).
 *
 * @example
 * findProvider("google")?.envKeys; // → ["GEMINI_API_KEY", "GOOGLE_API_KEY"]
 */
export function findProvider(
  id: ProviderId,
  table: readonly ProviderFacts[] = PROVIDER_TABLE,
): ProviderFacts | undefined {
  return table.find((row) => row.id === id);
}

/**
 * True for providers called without a credential.
 *
 * @example
 * isKeylessProvider("ollama"); // → true
 */
export function isKeylessProvider(id: ProviderId, table: readonly ProviderFacts[] = PROVIDER_TABLE): boolean {
  return findProvider(id, table)?.keyless === true;
}

/** The ids of every keyless provider. */
export function keylessProviders(table: readonly ProviderFacts[] = PROVIDER_TABLE): ProviderId[] {
  return table.filter((row) => row.keyless).map((row) => row.id);
}

/**
 * Environment variables read for each provider that takes a key, by provider id.
 *
 * @example
 * providerEnvKeys().openai; // → ["OPENAI_API_KEY"]
 */
export function providerEnvKeys(
  table: readonly ProviderFacts[] = PROVIDER_TABLE,
): Readonly<Record<ProviderId, readonly string[]>> {
  return Object.fromEntries(
    table.filter((row) => row.envKeys.length > 0).map((row) => [row.id, row.envKeys]),
  );
}

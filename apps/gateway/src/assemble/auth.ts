/**
 * Credentials and failover state for the gateway. Profiles come from, in order: the per-agent
 * `auth-profiles.json` files (mode 0600, written by `claw onboard`), `auth.profiles` in the
 * config, `models.providers.<p>.apiKey`, and the usual environment variables. Cooldowns and
 * session pins live in state.db, so they survive a restart.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ClawConfig } from "@claw/config";
import {
  type AuthProfile,
  type AuthStore,
  createAuthStore,
  createJsonFileAuthStateStore,
  createSqliteAuthStateStore,
  type SqliteDatabase,
} from "@claw/failover";
import { keylessProviders } from "@claw/providers";
import { PROVIDER_ENV_KEYS } from "../paths.js";
import type { ModelResolver } from "./models.js";

export interface AuthAssembly {
  /** Stable for the gateway's life; `reconfigure` swaps what it delegates to. */
  store: AuthStore;
  /** Every profile that was found (secrets included: never print these); updated in place. */
  profiles: AuthProfile[];
  /** Providers that have at least one credential or need none. */
  hasCredential(provider: string): boolean;
  /** Re-reads `auth-profiles.json`, the config's keys and the environment (live reload). */
  reconfigure(config: ClawConfig): Promise<void>;
  /** Providers that need no credential (a local Ollama). */
  keyless(): readonly string[];
}

interface AuthInputs {
  models: ModelResolver;
  agentDirs: readonly string[];
  db: SqliteDatabase;
  env: Readonly<Record<string, string | undefined>>;
}

export async function assembleAuth(options: AuthInputs & { config: ClawConfig }): Promise<AuthAssembly> {
  let current = await buildAuth(options.config, options);
  const profiles = [...current.profiles];
  return {
    store: delegatingStore(() => current.store),
    profiles,
    hasCredential: (provider) => current.hasCredential(provider),
    keyless: () => current.keyless(),
    async reconfigure(config) {
      current = await buildAuth(config, options);
      profiles.splice(0, profiles.length, ...current.profiles);
    },
  };
}

async function buildAuth(
  config: ClawConfig,
  options: AuthInputs,
): Promise<Omit<AuthAssembly, "reconfigure">> {
  const profiles: AuthProfile[] = [];
  const seen = new Set<string>();
  const add = (profile: AuthProfile) => {
    if (seen.has(profile.id)) return;
    seen.add(profile.id);
    profiles.push(profile);
  };
  for (const dir of options.agentDirs) {
    if (!existsSync(join(dir, "auth-profiles.json"))) continue;
    for (const profile of await createJsonFileAuthStateStore(dir).loadProfiles()) add(profile);
  }
  for (const [id, p] of Object.entries(config.auth.profiles ?? {})) {
    if (p.apiKey) add({ id, provider: p.provider, type: "api_key", apiKey: p.apiKey });
  }
  const providers = new Set([
    ...Object.keys(config.models.providers ?? {}),
    ...Object.keys(PROVIDER_ENV_KEYS),
  ]);
  for (const provider of providers) {
    const configured = options.models.configuredApiKey(provider);
    if (configured) add({ id: `${provider}:config`, provider, type: "api_key", apiKey: configured });
    for (const name of PROVIDER_ENV_KEYS[provider] ?? []) {
      const value = options.env[name];
      if (value && value.trim() !== "")
        add({ id: `${provider}:env`, provider, type: "api_key", apiKey: value.trim() });
    }
  }
  const keyless = keylessProviders();
  for (const [provider, settings] of Object.entries(config.models.providers ?? {})) {
    if (!settings.apiKey && settings.baseUrl && isLocalUrl(settings.baseUrl)) keyless.push(provider);
  }
  const store = createAuthStore({
    profiles,
    state: createSqliteAuthStateStore(options.db),
    order: config.auth.order,
    keyless,
    cooldowns: {},
  });
  const withKeys = new Set(profiles.map((p) => p.provider));
  return {
    store,
    profiles,
    hasCredential: (provider) => withKeys.has(provider) || keyless.includes(provider),
    keyless: () => keyless,
  };
}

/** An AuthStore whose every call goes to the store in force now (cooldowns live in state.db). */
function delegatingStore(target: () => AuthStore): AuthStore {
  return {
    get now() {
      return target().now;
    },
    get config() {
      return target().config;
    },
    plan: (...args) => target().plan(...args),
    recordFailure: (...args) => target().recordFailure(...args),
    recordSuccess: (...args) => target().recordSuccess(...args),
    claimProbe: (...args) => target().claimProbe(...args),
    isAggregator: (provider) => target().isAggregator(provider),
    resetSession: (...args) => target().resetSession(...args),
    reload: () => target().reload(),
    status: () => target().status(),
  };
}

function isLocalUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "127.0.0.1" || host === "::1" || host === "[::1]";
  } catch {
    return false;
  }
}

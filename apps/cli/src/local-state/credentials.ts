/**
 * Which providers have a credential, and where it comes from — never the secret itself. Same
 * sources as the gateway: per-agent auth-profiles.json, `auth.profiles`, `models.providers.*.apiKey`,
 * and the providers' environment variables.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ClawConfig } from "@claw/config";
import { listAgents } from "./agents.js";

export interface CredentialSource {
  provider: string;
  profileId: string;
  /** `auth-profiles.json`, `config auth.profiles`, `config models.providers`, or `env NAME`. */
  source: string;
}

export async function listCredentials(
  config: ClawConfig,
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<CredentialSource[]> {
  const [{ createJsonFileAuthStateStore }, { PROVIDER_ENV_KEYS }] = await Promise.all([
    import("@claw/failover"),
    import("@claw/app-gateway/paths"),
  ]);
  const out: CredentialSource[] = [];
  for (const agent of listAgents(config)) {
    const dir = join(stateDir, "agents", agent.id);
    if (!existsSync(join(dir, "auth-profiles.json"))) continue;
    for (const p of await createJsonFileAuthStateStore(dir).loadProfiles())
      out.push({ provider: p.provider, profileId: p.id, source: `${join(dir, "auth-profiles.json")}` });
  }
  for (const [id, p] of Object.entries(config.auth.profiles ?? {}))
    if (p.apiKey) out.push({ provider: p.provider, profileId: id, source: "config auth.profiles" });
  for (const [provider, settings] of Object.entries(config.models.providers ?? {}))
    if (settings.apiKey?.trim())
      out.push({ provider, profileId: `${provider}:config`, source: "config models.providers" });
  for (const [provider, names] of Object.entries(PROVIDER_ENV_KEYS))
    for (const name of names)
      if (env[name]?.trim()) out.push({ provider, profileId: `${provider}:env`, source: `env ${name}` });
  return out;
}

/**
 * OpenClaw auth profiles → Claw's `auth-profiles.json` entries. An agent gets the shared store
 * (2026.9 keeps the default agent's there) overlaid with its own. Secrets held only as references
 * (`keyRef`, `tokenRef`) are not resolved: they are reported so the user can re-enter them.
 */
import type { AuthProfile } from "@claw/failover";
import { isRecord, type OpenClawCredential, type OpenClawState } from "../source/types.js";
import type { Unmapped } from "./fit-schema.js";

const str = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const millis = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** One credential, or why it cannot be imported. */
export function toClawProfile(id: string, credential: OpenClawCredential): AuthProfile | { skip: string } {
  const provider = str(credential.provider) ?? id.split(":")[0] ?? id;
  if (credential.type === "api_key") {
    const apiKey = str(credential.key) ?? str(credential.apiKey);
    if (apiKey) return { id, provider, type: "api_key", apiKey };
    return {
      skip: "the key is a secret reference (keyRef), not stored in OpenClaw; add it again with `claw onboard`",
    };
  }
  if (credential.type === "oauth" || credential.type === "token") {
    // A `token` (e.g. Anthropic's setup-token) is a bearer access token without refresh.
    const accessToken = str(credential.access) ?? str(credential.token) ?? str(credential.accessToken);
    if (!accessToken) return { skip: "no access token stored (a secret reference?); sign in again" };
    const refreshToken = str(credential.refresh) ?? str(credential.refreshToken);
    const expiresAt = millis(credential.expires) ?? millis(credential.expiresAt);
    return {
      id,
      provider,
      type: "oauth",
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    };
  }
  return { skip: `credential type ${JSON.stringify(credential.type)} is not supported by Claw` };
}

/** The profiles each agent gets, and the credentials that could not come along. */
export function mapCredentials(
  state: OpenClawState,
  agentIds: readonly string[],
): { byAgent: Map<string, AuthProfile[]>; unmapped: Unmapped[] } {
  const byAgent = new Map<string, AuthProfile[]>();
  const unmapped: Unmapped[] = [];
  const shared = state.credentials["*"] ?? {};
  for (const agentId of agentIds) {
    const merged = { ...shared, ...(state.credentials[agentId] ?? {}) };
    const profiles: AuthProfile[] = [];
    for (const [id, credential] of Object.entries(merged)) {
      if (!isRecord(credential)) continue;
      const profile = toClawProfile(id, credential);
      if ("skip" in profile)
        unmapped.push({ path: `auth profile ${id} (agent ${agentId})`, reason: profile.skip });
      else profiles.push(profile);
    }
    if (profiles.length > 0) byAgent.set(agentId, profiles);
  }
  return { byAgent, unmapped };
}

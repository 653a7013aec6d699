/** Validation of routing state read back from disk: malformed fields are dropped, never trusted. */
import type { FailureReason } from "@claw/providers";
import type { CooldownEntry, ProfileState } from "../cooldown.js";
import { REASON_POLICY } from "../policy.js";
import type { AuthProfile } from "./types.js";

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object" && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isReason = (v: unknown): v is FailureReason => typeof v === "string" && Object.hasOwn(REASON_POLICY, v);

function entry(v: unknown): CooldownEntry | undefined {
  if (!isBag(v) || !isNum(v.until) || !isNum(v.count) || !isNum(v.at) || !isReason(v.reason))
    return undefined;
  return { until: v.until, reason: v.reason, count: v.count, at: v.at };
}

/** Parses one profile's routing state; anything malformed becomes absent. */
export function parseProfileState(v: unknown): ProfileState {
  if (!isBag(v)) return {};
  const out: ProfileState = {};
  if (isNum(v.lastUsedAt)) out.lastUsedAt = v.lastUsedAt;
  const profile = entry(v.profile);
  if (profile) out.profile = profile;
  const disabled = entry(v.disabled);
  if (disabled) out.disabled = disabled;
  if (isBag(v.models)) {
    const models: Record<string, CooldownEntry> = {};
    for (const [model, raw] of Object.entries(v.models)) {
      const e = entry(raw);
      if (e) models[model] = e;
    }
    if (Object.keys(models).length > 0) out.models = models;
  }
  return out;
}

/** Parses one credential; throws an actionable error naming the bad entry. */
export function parseAuthProfile(v: unknown, where: string): AuthProfile {
  const bad = (why: string) => new Error(`failover: ${where} ${why} — fix or remove this entry`);
  if (!isBag(v) || typeof v.id !== "string" || typeof v.provider !== "string")
    throw bad('needs string "id" and "provider"');
  if (v.type === "api_key") {
    if (typeof v.apiKey !== "string" || v.apiKey === "") throw bad(`("${v.id}") has no "apiKey"`);
    return { id: v.id, provider: v.provider, type: "api_key", apiKey: v.apiKey };
  }
  if (v.type === "oauth") {
    if (typeof v.accessToken !== "string") throw bad(`("${v.id}") has no "accessToken"`);
    const p: AuthProfile = { id: v.id, provider: v.provider, type: "oauth", accessToken: v.accessToken };
    if (typeof v.refreshToken === "string") p.refreshToken = v.refreshToken;
    if (isNum(v.expiresAt)) p.expiresAt = v.expiresAt;
    return p;
  }
  throw bad(`("${String(v.id)}") has type ${JSON.stringify(v.type)}; expected "api_key" or "oauth"`);
}

/**
 * Storage contracts. Secrets (credentials) and routing state (cooldowns, last use, session
 * pins) are separate: routing state can live in the gateway's SQLite while keys stay in a
 * mode-0600 file.
 */
import type { ProfileState } from "../cooldown.js";

export interface ApiKeyProfile {
  id: string;
  provider: string;
  type: "api_key";
  apiKey: string;
}

export interface OAuthProfile {
  id: string;
  provider: string;
  type: "oauth";
  accessToken: string;
  refreshToken?: string;
  /** Epoch ms after which the access token is no longer accepted. */
  expiresAt?: number;
}

/** One credential for one provider. Ids are unique across providers ("anthropic:work"). */
export type AuthProfile = ApiKeyProfile | OAuthProfile;

/** Where credentials come from. */
export interface CredentialStore {
  loadProfiles(): Promise<readonly AuthProfile[]>;
}

/**
 * Routing state. `update` is a read-modify-write that must be atomic against every other
 * writer of the same store (a transaction, or a per-file queue), so concurrent runs lose no
 * writes.
 */
export interface AuthStateStore {
  read(profileIds: readonly string[]): Promise<Record<string, ProfileState>>;
  update(profileId: string, fn: (prev: ProfileState | undefined) => ProfileState): Promise<ProfileState>;
  getPin(sessionKey: string, provider: string): Promise<string | undefined>;
  setPin(sessionKey: string, provider: string, profileId: string | undefined): Promise<void>;
  clearPins(sessionKey: string): Promise<void>;
}

/** @claw/failover — model fallback, auth-profile rotation and cooldowns, table-driven and explained. */

// Commonly used: run a call over a model chain with profile rotation and cooldowns.
export {
  type Attempt,
  type FallbackFailure,
  type FallbackResult,
  type FallbackSuccess,
  failedMessageInfo,
  type RunWithFallbackOptions,
  runWithModelFallback,
} from "./run-with-fallback.js";
export {
  type CandidateConfig,
  type ModelRef,
  type ModelRefInput,
  resolveCandidates,
  toModelRef,
} from "./candidates.js";
export {
  AllCandidatesFailedError,
  FailoverError,
  type FailoverErrorInit,
  type FallbackAttempt,
  type SkipCause,
} from "./errors.js";
export type { FailoverEvent } from "./events.js";

// Auth profiles and where their state is stored.
export {
  type AuthStore,
  type AuthStoreOptions,
  createAuthStore,
  type FailureNote,
  type ProfilePlan,
  type ProfileStatus,
} from "./auth-store.js";
export {
  type CoolingProfile,
  credentialOf,
  type OrderInput,
  orderProfiles,
  type ProfileOrder,
} from "./profiles.js";
export {
  createJsonFileAuthStateStore,
  type JsonFileAuthStore,
  type JsonFileStoreOptions,
} from "./stores/json-file.js";
export { createMemoryAuthStateStore } from "./stores/memory.js";
export { createSqliteAuthStateStore, type SqliteDatabase, type SqliteStatement } from "./stores/sqlite.js";
/** Reads a stored profile state leniently (what the stores do), for tools that read state.db themselves. */
export { parseProfileState } from "./stores/validate.js";
export type {
  ApiKeyProfile,
  AuthProfile,
  AuthStateStore,
  CredentialStore,
  OAuthProfile,
} from "./stores/types.js";

// Advanced: the policy tables and cooldown maths the runner is built from.
export {
  type CooldownLane,
  type CooldownPlan,
  type CooldownScope,
  cooldownFor,
  REASON_POLICY,
  type ReasonPolicy,
} from "./policy.js";
export {
  type ActiveCooldown,
  activeCooldowns,
  type Availability,
  applyFailure,
  applySuccess,
  availability,
  type CooldownConfig,
  type CooldownEntry,
  cooldownDuration,
  DEFAULT_COOLDOWNS,
  type DoublingLane,
  type ProfileState,
  resolveCooldownConfig,
} from "./cooldown.js";

/**
 * @claw/ids — the identifiers every Claw package shares, each with one owner: session keys,
 * agent ids, thinking levels and model references. No dependencies.
 */

// Commonly used: model references ("provider/model").
export { formatModelRef, type ModelRef, parseModelRef, requireModelRef } from "./model-ref/parse.js";

// Session keys: build and read the keys runs, transcripts and channels are filed under.
export {
  buildCronSessionKey,
  buildDirectSessionKey,
  buildGroupSessionKey,
  buildHookSessionKey,
  buildMainSessionKey,
  buildOpenAiSessionKey,
  buildSubagentSessionKey,
  DEFAULT_ACCOUNT_ID,
  DEFAULT_MAIN_KEY,
  type DirectKeyParams,
  type DmScope,
  type GroupKeyParams,
  resolveLinkedPeerId,
  scopeSessionKey,
  type ThreadRef,
} from "./session-key/build.js";
export {
  isSubagentSessionKey,
  type ParsedSessionKey,
  parseAgentSessionKey,
  parseSessionKey,
  sessionKeyAgentId,
  subagentDepth,
} from "./session-key/parse.js";
export { type NormalizeContext, normalizeSessionKey } from "./session-key/normalize.js";
export {
  buildPeerSessionKey,
  normalizeAccountId,
  type PeerKeyParams,
  type PeerKind,
} from "./session-key/peer.js";

// Owner and approver ids: who on which channel is the owner (`identity.ownerNumbers`).
export {
  matchOwnerId,
  OWNER_ID_FORMS,
  type OwnerId,
  ownerIdProblem,
  ownerIdsOn,
  parseOwnerId,
} from "./owner-id/owner-id.js";

// Silent reply tokens: replies that never reach a user.
export {
  HEARTBEAT_TOKEN,
  SILENT_TOKENS,
  stripSilentTokens,
  visibleWhileStreaming,
} from "./reply-tokens/silent.js";

// Did-you-mean support for mistyped identifiers.
export { editDistance } from "./suggest/edit-distance.js";

// Agent ids: the default agent's id and the names (`main`, `default`) that mean it.
export { DEFAULT_AGENT_ID, LEGACY_DEFAULT_AGENT_ID, resolveAgentIdAlias } from "./agent-id/agent-id.js";

// Thinking levels.
export {
  isThinkingLevel,
  parseThinkingLevel,
  THINKING_LEVELS,
  type ThinkingLevel,
} from "./thinking/levels.js";

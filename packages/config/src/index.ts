/**
 * @claw/config: the `claw.json` schema, loader, validation with hints, and everything resolved
 * from the config (agent scope, workspaces, session keys). Libraries take plain options; only
 * apps call `loadConfig`.
 */

// Commonly used: load and validate `claw.json`, and its schema types.
export {
  expandConfigDocument,
  type LoadConfigOptions,
  type LoadedConfig,
  loadConfig,
  readConfigDocument,
} from "./load/load-config.js";
export {
  defaultConfig,
  type ValidateOptions,
  type ValidationResult,
  validateConfig,
} from "./validate/validate-config.js";
export {
  type AgentDefaultsConfig,
  type AgentEntryConfig,
  type BindingConfig,
  type ClawConfig,
  ClawConfigSchema,
  configJsonSchema,
  type DmScopeValue,
  type GatewaySettings,
  type ModelSelectionConfig,
  type ResetPolicyConfig,
  type SessionSettings,
} from "./schema/config.js";
export { ConfigError, type ConfigIssue, formatConfigIssue, formatPath } from "./validate/issue.js";

// Resolved from the config: agent scope, workspaces, reset policy, model refs.
export {
  type AgentsView,
  DEFAULT_AGENT_ID,
  type ResolvedAgentConfig,
  resolveAgentConfig,
  resolveDefaultAgentId,
  resolveSessionAgentId,
  resolveSessionAgentIds,
  type SessionAgentParams,
} from "./resolve/agent-scope.js";
export {
  EXEC_DEFAULT_SOURCES,
  EXEC_POLICY_DEFAULTS,
  type ExecAskMode,
  type ExecDefaultKind,
  type ExecSecurityMode,
  resolveElevated,
  resolveExecPolicy,
  type SessionExecPolicy,
} from "./resolve/exec-policy.js";
export { type AgentOwners, resolveAgentOwners, resolveExecApprovers } from "./resolve/owners.js";
export {
  isMainSession,
  isSandboxConfigured,
  resolveSessionSandbox,
  type SandboxMode,
  type SessionSandbox,
  sandboxToolRules,
  WORKSPACE_ACCESS_DENIES,
} from "./resolve/sandbox.js";
export { type DirInputs, resolveAgentStateDir, resolveAgentWorkspaceDir } from "./resolve/workspace.js";
export {
  DEFAULT_RESET_HOUR,
  type EffectiveResetPolicy,
  resolveSessionResetPolicy,
  type SessionChatType,
} from "./resolve/session-reset.js";
export { modelSelectionRefs } from "./resolve/model-ref.js";
export { type ConfigPaths, expandUserPath, type PathInputs, resolveConfigPaths } from "./load/paths.js";

// Session keys and model references live in @claw/ids; re-exported for the config's existing users.
export {
  buildCronSessionKey,
  buildDirectSessionKey,
  buildGroupSessionKey,
  buildHookSessionKey,
  buildMainSessionKey,
  buildSubagentSessionKey,
  DEFAULT_ACCOUNT_ID,
  DEFAULT_MAIN_KEY,
  type DirectKeyParams,
  type DmScope,
  type GroupKeyParams,
  isSubagentSessionKey,
  type ModelRef,
  type NormalizeContext,
  normalizeSessionKey,
  type ParsedSessionKey,
  parseAgentSessionKey,
  parseModelRef,
  parseSessionKey,
  resolveLinkedPeerId,
  type ThreadRef,
} from "@claw/ids";

// Advanced: loader pieces, path access, redaction and writing.
export { isEnvReference, substituteEnv } from "./load/env-substitution.js";
export { deepMerge, INCLUDE_KEY, type IncludeOptions, loadWithIncludes } from "./load/includes.js";
export { parseJson5 } from "./load/parse-json5.js";
export { durationMs } from "./schema/primitives.js";
export type { ModelKnowledge } from "./validate/check-models.js";
export { closestMatch, didYouMean } from "./validate/closest.js";
export { buildKeyIndex, type CheckContext, checkAgainstSchema } from "./validate/check-schema.js";
export { type SchemaLookup, schemaAtPath } from "./validate/schema-at-path.js";
export {
  getAtPath,
  type PathSegment,
  parseConfigPath,
  setAtPath,
  unsetAtPath,
} from "./write/config-path-access.js";
export { isSensitiveKey, REDACTED, redactConfig } from "./write/redact.js";
export { type WriteResult, writeConfigFile } from "./write/write-config.js";

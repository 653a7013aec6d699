/**
 * The Claw gateway process, as a library: `startClaw` assembles the agent runtime from a loaded
 * config and serves it through `@claw/gateway`. `claw gateway run`, the TUI's `--local` mode and
 * the end-to-end tests use it.
 */
export { type AssembledAgent, agentIds, FALLBACK_PRIMARY_MODEL } from "./assemble/agents.js";
export { type AssembleClawOptions, type AssembledClaw, assembleClaw } from "./assemble/assemble-claw.js";
export { memoryIndexOptions } from "./assemble/memory.js";
export { createModelResolver, type ModelResolver, modelKnowledge } from "./assemble/models.js";
export {
  absentTools,
  BUILT_TOOL_NAMES,
  isCodingToolOffered,
  offeredToolNames,
  toolAbsenceReason,
} from "./assemble/offered-tools.js";
export { createOllamaProbe, DEFAULT_OLLAMA_URL, type ServerProbe } from "./assemble/ollama-probe.js";
export {
  resolveWebSearch,
  WEB_SEARCH_PROVIDERS,
  type WebSearchPlan,
  type WebSearchResolution,
} from "./assemble/web-search.js";
export {
  bindHost,
  type ConfigReloadStatus,
  configStatusPath,
  ensureGatewayToken,
  GATEWAY_NODE_FLAGS,
  gatewayStatePath,
  gatewayTokenPath,
  PROVIDER_ENV_KEYS,
  readGatewayToken,
} from "./paths.js";
export { type ConfigReloader, createConfigReloader } from "./reload/config-reloader.js";
export { RELOAD_RULES, type ReloadRule } from "./reload/reload-rules.js";
export { createGatewayPorts, type GatewayPortParts } from "./runtime-adapter/create-gateway-ports.js";
export { CLAW_VERSION, type ClawGateway, type StartClawOptions, startClaw } from "./start.js";

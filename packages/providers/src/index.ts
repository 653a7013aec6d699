/**
 * @claw/providers — one streaming interface over LLM wire APIs, a model catalog, error
 * classification, and a faux provider (a test double) for the layers above.
 */

/** Model references and thinking levels are owned by `@claw/ids`; re-exported for convenience. */
export { type ModelRef, parseModelRef, THINKING_LEVELS } from "@claw/ids";
export { ANTHROPIC_ERROR_RULES } from "./adapters/anthropic/errors.js";
// Adapters (also reachable through `stream()`)
export { streamAnthropic } from "./adapters/anthropic/stream.js";
export { ANTHROPIC_THINKING_BUDGETS } from "./adapters/anthropic/thinking.js";
export { GOOGLE_ERROR_RULES, streamGoogle, toGeminiSchema } from "./adapters/google/index.js";
export { OLLAMA_ERROR_RULES, streamOllama } from "./adapters/ollama/index.js";
export { OPENAI_ERROR_RULES } from "./adapters/openai-completions/errors.js";
export { streamOpenAICompletions } from "./adapters/openai-completions/stream.js";
export { streamOpenAIResponses } from "./adapters/openai-responses/stream.js";
export { lazyModule } from "./adapters/shared/lazy-module.js";
export { toOpenAIParameters } from "./adapters/shared/openai-schema.js";
export { isMissingPackage, lazyPeer, MissingPeerError } from "./adapters/shared/optional-peer.js";
export { AGGREGATOR_PROVIDERS, isAggregatorProvider } from "./catalog/aggregators.js";
export { defineOpenAICompatibleModel, type OpenAICompatibleModelInput } from "./catalog/compatible.js";
// Models
export { MODEL_CATALOG } from "./catalog/models.js";
export { findModel, listModels, type ResolveModelOptions, resolveModel } from "./catalog/resolve.js";
// Errors
export {
  classifyFacts,
  classifyProviderError,
  decidingRule,
  describeFailure,
  ruleMatches,
} from "./errors/classify.js";
export { COMMON_ERROR_RULES, CONTEXT_OVERFLOW_PATTERN } from "./errors/common-rules.js";
export { errorFactsFrom, type FailureFacts } from "./errors/facts.js";
export { describeTransportCode, TRANSPORT_CODES, type TransportCode } from "./errors/network.js";
export { isContextOverflow } from "./errors/overflow.js";
export { type HeaderSource, parseRetryAfter } from "./errors/retry-after.js";
export type { ErrorFacts, ErrorRule, ErrorRuleTable } from "./errors/rules.js";
export { ERROR_RULE_TABLES, renderErrorRuleDocs } from "./errors/tables.js";
// Test double
export { createFauxProvider, type FauxProvider, type FauxProviderOptions } from "./faux/faux-provider.js";
export type { FauxBlock, FauxCall, FauxError, FauxReply, FauxStep } from "./faux/script.js";
export { BUILTIN_APIS, registerBuiltinApis } from "./registry/builtins.js";
// Entry points and registry
export { complete, stream } from "./registry/entry.js";
// The provider table: API, endpoint, env keys, keyless, onboarding facts per provider id
export {
  findProvider,
  isKeylessProvider,
  keylessProviders,
  PROVIDER_TABLE,
  type ProviderFacts,
  type ProviderOnboarding,
  providerEnvKeys,
} from "./registry/provider-table.js";
export { getApi, listApis, registerApi, unregisterApi } from "./registry/registry.js";
// Building adapters
export { type AssistantEventSink, createAssistantEventStream } from "./stream/event-stream.js";
export { type BlockKey, createAssistantMessage, MessageBuilder } from "./stream/message-builder.js";
export { parseToolArguments } from "./stream/partial-json.js";
export {
  type AdapterRun,
  runAdapter,
  StreamIncompleteError,
  toProviderErrorInfo,
} from "./stream/run-adapter.js";
export { calculateUsage, emptyUsage, type TokenCounts } from "./stream/usage.js";
// Tool contract (implemented by @claw/memory, @claw/tools and embedders; run by @claw/agent-core)
export {
  type AgentTool,
  type AgentToolResult,
  errorResult,
  type ToolExecutionContext,
  textResult,
} from "./tools/agent-tool.js";
export { normalizeToolCallId, TOOL_CALL_ID_RULES, type ToolCallIdRule } from "./transform/tool-call-id.js";
// Cross-provider transform
export { isSameModel, transformMessages } from "./transform/transform-messages.js";
export type * from "./types.js";

/**
 * @claw/providers — one streaming interface over LLM wire APIs, a model catalog, error
 * classification, and a faux provider (a test double) for the layers above.
 */

// Commonly used: stream or complete a call, resolve models, and the shared types.
export { complete, stream } from "./registry/entry.js";
export type * from "./types.js";
export { MODEL_CATALOG } from "./catalog/models.js";
export { findModel, listModels, type ResolveModelOptions, resolveModel } from "./catalog/resolve.js";
/** Model references and thinking levels are owned by `@claw/ids`; re-exported for convenience. */
export { type ModelRef, parseModelRef, THINKING_LEVELS } from "@claw/ids";
export {
  type AgentTool,
  type AgentToolResult,
  errorResult,
  type ToolExecutionContext,
  textResult,
} from "./tools/agent-tool.js";
export {
  classifyFacts,
  classifyProviderError,
  decidingRule,
  describeFailure,
  ruleMatches,
} from "./errors/classify.js";
export { isContextOverflow } from "./errors/overflow.js";

// Test double.
export { createFauxProvider, type FauxProvider, type FauxProviderOptions } from "./faux/faux-provider.js";
export type { FauxBlock, FauxCall, FauxError, FauxReply, FauxStep } from "./faux/script.js";

// Provider facts and the API registry.
export {
  DEFAULT_OLLAMA_URL,
  findProvider,
  isKeylessProvider,
  keylessProviders,
  PROVIDER_TABLE,
  type ProviderFacts,
  type ProviderOnboarding,
  providerEnvKeys,
} from "./registry/provider-table.js";
export { getApi, listApis, registerApi, unregisterApi } from "./registry/registry.js";
export { BUILTIN_APIS, registerBuiltinApis } from "./registry/builtins.js";
export { AGGREGATOR_PROVIDERS, isAggregatorProvider } from "./catalog/aggregators.js";
export { defineOpenAICompatibleModel, type OpenAICompatibleModelInput } from "./catalog/compatible.js";

// Advanced: adapters, error rules, stream building and cross-provider transforms.
export { streamAnthropic } from "./adapters/anthropic/stream.js";
export { streamOpenAICompletions } from "./adapters/openai-completions/stream.js";
export { streamOpenAIResponses } from "./adapters/openai-responses/stream.js";
export { GOOGLE_ERROR_RULES, streamGoogle, toGeminiSchema } from "./adapters/google/index.js";
export { OLLAMA_ERROR_RULES, streamOllama } from "./adapters/ollama/index.js";
export { ANTHROPIC_ERROR_RULES } from "./adapters/anthropic/errors.js";
export { ANTHROPIC_THINKING_BUDGETS } from "./adapters/anthropic/thinking.js";
export { OPENAI_ERROR_RULES } from "./adapters/openai-completions/errors.js";
export { lazyModule } from "./adapters/shared/lazy-module.js";
export { toOpenAIParameters } from "./adapters/shared/openai-schema.js";
export { isMissingPackage, lazyPeer, MissingPeerError } from "./adapters/shared/optional-peer.js";
export { COMMON_ERROR_RULES, CONTEXT_OVERFLOW_PATTERN } from "./errors/common-rules.js";
export { errorFactsFrom, type FailureFacts } from "./errors/facts.js";
export { describeTransportCode, TRANSPORT_CODES, type TransportCode } from "./errors/network.js";
export { type HeaderSource, parseRetryAfter } from "./errors/retry-after.js";
export type { ErrorFacts, ErrorRule, ErrorRuleTable } from "./errors/rules.js";
export { ERROR_RULE_TABLES, renderErrorRuleDocs } from "./errors/tables.js";
export { type AssistantEventSink, createAssistantEventStream } from "./stream/event-stream.js";
export { type BlockKey, createAssistantMessage, MessageBuilder } from "./stream/message-builder.js";
export { parseToolArguments } from "./stream/partial-json.js";
export {
  type AdapterRun,
  runAdapter,
  StreamIncompleteError,
  toProviderErrorInfo,
} from "./stream/run-adapter.js";
export { calculateUsage, emptyUsage, formatCostUsd, type TokenCounts } from "./stream/usage.js";
export { isSameModel, transformMessages } from "./transform/transform-messages.js";
export { normalizeToolCallId, TOOL_CALL_ID_RULES, type ToolCallIdRule } from "./transform/tool-call-id.js";

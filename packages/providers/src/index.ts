export { classifyProviderError, ruleMatches } from "./errors/classify.js";
export { COMMON_ERROR_RULES, CONTEXT_OVERFLOW_PATTERN } from "./errors/common-rules.js";
export { errorFactsFrom, type FailureFacts } from "./errors/facts.js";
export { type HeaderSource, parseRetryAfter } from "./errors/retry-after.js";
export type { ErrorFacts, ErrorRule, ErrorRuleTable } from "./errors/rules.js";
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
export type * from "./types.js";

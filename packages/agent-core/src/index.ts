/** @claw/agent-core — the agent loop, sessions and an embeddable runtime. */

// Commonly used: create the agent runtime, its options and the tool contract.
export { type AgentRuntime, createAgentRuntime, type RunInfo } from "./runtime/create-runtime.js";
export type {
  AgentDefinition,
  AgentRuntimeOptions,
  CompactionOutcome,
  CompactionStrategy,
  ContextSession,
  ContextTransform,
  FallbackRunner,
  GroupToolRules,
  LaneName,
  ModelAttempt,
  PromptContext,
  QueueMode,
  RunRequest,
  ToolFilterContext,
} from "./runtime/options.js";
export type { RunHandle } from "./runtime/run-handle.js";
export {
  DEFAULT_MAX_BUFFERED_RUN_EVENTS,
  SlowSubscriberError,
  type SlowSubscriberReport,
} from "./runtime/event-channel.js";
export type { ReplyText } from "./runtime/reply-run.js";
export {
  type AgentTool,
  type AgentToolResult,
  errorResult,
  type ToolExecutionContext,
  textResult,
  type TypedTool,
} from "./tools/types.js";
export {
  addUsage,
  type CallModel,
  emptyUsage,
  isContextOverflow,
  type RunError,
  type RunResult,
  type RunStatus,
} from "./loop/types.js";
export type {
  AgentEvent,
  AgentEventData,
  AgentEventListener,
  AgentEventOf,
  AgentEventStream,
} from "./events/types.js";
export { replyTextSnapshots } from "./events/reply-text.js";

// Durable acceptance: record a message before saying "accepted", resume its run after a crash.
export {
  type AcceptedRun,
  acceptedUserMessage,
  createDurableRuns,
  type DurableRuns,
  type DurableRunsOptions,
  INTERRUPTED_BY_RESTART,
  type RecoveryReport,
  type StartAcceptedRun,
} from "./inbox/durable-runs.js";
export {
  type AcceptedWork,
  type AcceptRequest,
  type InboxOutcome,
  type InboxRecord,
  openRunInbox,
  type RunInbox,
} from "./inbox/run-inbox.js";

// Sessions: stores, keys, reset and maintenance.
export { createMemorySessionStore } from "./sessions/memory-session-store.js";
export {
  createPersistentSessionStore,
  type PersistentSessionStore,
  type PersistentSessionStoreOptions,
} from "./sessions/persistent-session-store.js";
export type {
  CompactionRecord,
  SessionEntry,
  SessionStore,
} from "./sessions/session-store.js";
export {
  type ImportedSession,
  type ImportedSessionResult,
  type ImportSessionsOptions,
  type ImportStatus,
  importSessions,
  renderTranscript,
} from "./sessions/import-sessions.js";
export type { TranscriptEntry } from "./sessions/transcript/entries.js";
export {
  describeSessionKey,
  type SessionKeyInfo,
  type SessionKind,
} from "./sessions/lifecycle/session-kind.js";
export {
  DEFAULT_RESET_POLICY,
  type Freshness,
  lastDailyReset,
  type ResetPolicy,
  type ResetSettings,
  resolveResetPolicy,
  type SessionType,
  sessionFreshness,
} from "./sessions/lifecycle/reset-policy.js";
export { type FreshenResult, freshenSession } from "./sessions/lifecycle/freshen.js";
export {
  DEFAULT_MAINTENANCE,
  type MaintenanceOptions,
  type MaintenancePlan,
  planMaintenance,
  runSessionMaintenance,
} from "./sessions/lifecycle/maintenance.js";

// Composition: wire failover, compaction, prompt and tool policy into the runtime; commands, session tools and subagents.
export { createFailoverRunner, type FailoverRunnerOptions } from "./compose/failover-runner.js";
export {
  type CompactionStrategyOptions,
  createCompactionStrategy,
  type MemoryFlushSettings,
} from "./compose/compaction-strategy.js";
export { createModelSummarizer, type ModelSummarizerOptions } from "./compose/model-summarizer.js";
export { createPromptBuilder, type PromptBuilderOptions } from "./compose/prompt-builder.js";
export {
  createPolicyToolFilter,
  type PolicyToolFilterOptions,
  subagentDepth,
  toolPolicyOptions,
} from "./compose/tool-policy-filter.js";
export * from "./commands/index.js";
export * from "./session-tools/index.js";
export * from "./subagents/index.js";

// Advanced: the loop, events, queues and reply shaping the runtime is built from.
export { assistantText, type RunLoopOptions, runAgentLoop } from "./loop/run-loop.js";
export type { BeforeToolCallDecision, LoopHooks, MessageSources } from "./loop/hooks.js";
export { executeToolCalls, SKIPPED_FOR_STEERING } from "./loop/execute-tools.js";
export { createLoopDetector } from "./loop/loop-detector.js";
export { type ArgsCheck, validateToolArguments } from "./loop/validate-args.js";
export { createEventBus, createRunEmitter, type EventBus, type RunEmitter } from "./events/event-bus.js";
export { createKeyedQueue, type KeyedQueue } from "./queue/keyed-queue.js";
export { createLane, type Lane } from "./queue/lanes.js";
export { type ShapedReply, shapeReply } from "./reply/shape-reply.js";
export { createReasoningTagStripper, stripReasoningTags } from "./reply/reasoning-tags.js";
export { HEARTBEAT_TOKEN, SILENT_TOKENS, suppressionReason } from "./reply/silent-tokens.js";
export { type CompactIntoResult, MEMORY_FLUSH_FLAG } from "./runtime/context-hooks.js";
export { compactInto, isSubagentSessionKey, modelCandidates } from "./runtime/execute-run.js";

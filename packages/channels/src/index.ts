/**
 * @claw/channels — the channel layer between chat platforms and the agent runtime: the narrow
 * `Channel` contract a platform package implements, routing by bindings, session keys per
 * dmScope, DM pairing and group gating, the inbound dispatcher (dedupe, commands, queue modes,
 * debounce), the durable outbox, and supervision of every channel account. It never imports the
 * runtime: the app passes it the runtime port and the functions it needs.
 */

// Commonly used: the contract a chat platform implements.
export type {
  AccountDelete,
  AccountEdit,
  AccountReact,
  AccountSend,
  ActionAnswer,
  Channel,
  ChannelAction,
  ChannelButton,
  ChannelCapabilities,
  ChannelContext,
  ChannelInbound,
  ChannelPeer,
  ChannelTarget,
  MediaFetcher,
  MediaRef,
  ProbeResult,
  SendOptions,
  SendResult,
} from "./contract/channel.js";
export {
  asSendError,
  ChannelSendError,
  InboundNotStoredError,
  isInboundNotStored,
  type SendFailureKind,
} from "./contract/errors.js";

// Delivery: the durable outbox and the `deliver(target, text)` others are given.
export {
  type ChannelOutbox,
  type ChannelOutboxOptions,
  createChannelOutbox,
  type DeliverFn,
  type DeliverOptions,
  type DeliveryReceipt,
  type DeliveryTarget,
} from "./outbox/channel-outbox.js";
export { type OutboxMessageState, type OutboxStore, openOutboxStore } from "./outbox/outbox-store.js";

// Running channels: supervision with restart backoff, and the inbound walk to the runtime.
export {
  type ChannelAccountSpec,
  type ChannelManager,
  type ChannelManagerOptions,
  createChannelManager,
} from "./manager/channel-manager.js";
export type { AccountStatus } from "./manager/account-status.js";
export {
  type ChannelPipeline,
  type ChannelPipelineOptions,
  createChannelPipeline,
  type ExplainInput,
  type InboundOutcome,
  type ReplyRoute,
  type RouteExplanation,
  type RoutingSettings,
} from "./pipeline/channel-pipeline.js";
export { type FetchInboundMedia, withFetchedMedia } from "./pipeline/deferred-media.js";
export {
  APPROVAL_PROMPT_SOURCE,
  type ApprovalChoice,
  type ApprovalPromptRequest,
  type ApprovalPrompts,
  type ApprovalPromptsOptions,
  type ChatRoute,
  commandOfPromptText,
  createApprovalPrompts,
} from "./approvals/approval-prompts.js";
export {
  type ApprovalDeciders,
  decidersOn,
  mayDecideApproval,
  ONLY_THE_OWNER,
} from "./approvals/approval-deciders.js";

// Routing and access: which agent answers, and who may talk to it.
export {
  type RouteBinding,
  type RouteDecision,
  type RouteInput,
  type RouteTier,
  resolveRoute,
} from "./routing/resolve-route.js";
export {
  type DmScopeDecision,
  NON_OWNER_DM_SCOPE,
  type OwnerList,
  resolveDmScope,
  type SenderOwnership,
  senderOwnership,
} from "./routing/sender-owner.js";
export {
  type AccessDecision,
  type AccessSettings,
  type DmPolicy,
  decideAccess,
  type GroupPolicy,
  type GroupSettings,
  senderAllowed,
} from "./access/access-policy.js";
export {
  DEFAULT_PAIRING_LIMITS,
  openPairingStore,
  type PairingAsk,
  type PairingLimits,
  type PairingRequestRow,
  type PairingStore,
} from "./access/pairing-store.js";
export { type AccountStateStore, openAccountState } from "./state/account-state.js";
export { type LastRoute, type LastRouteStore, openLastRouteStore } from "./state/last-route.js";
export {
  type InboundJournal,
  type JournalEntry,
  type JournalRow,
  openInboundJournal,
} from "./inbound/inbound-journal.js";
export type { SqliteDatabase, SqliteStatement } from "./state/sqlite.js";

// Thread bindings: a thread bound to a session (subagents spawned with `thread: true`, `/unfocus`).
export {
  openThreadBindingStore,
  type ThreadBinding,
  type ThreadBindingMode,
  type ThreadBindingStore,
} from "./threads/thread-bindings.js";
export {
  createSubagentThreads,
  type SessionChat,
  type SubagentThreadRequest,
  type SubagentThreads,
  type SubagentThreadsOptions,
  subagentThreadName,
  type ThreadAnnounceOutcome,
} from "./threads/subagent-threads.js";
export { boundDecision, isUnfocusCommand, unfocusReply } from "./threads/bound-routing.js";

// The inbound dispatcher in front of the runtime, and its types.
export { createInboundDispatcher, type InboundDispatcher } from "./inbound/dispatcher.js";
export type {
  ChatToolRules,
  DispatchResult,
  FreshenSession,
  InboundCommandContext,
  InboundCommandHandler,
  InboundCommandReply,
  InboundDispatcherOptions,
  InboundLane,
  InboundMessage,
  InboundRun,
  InboundRunRequest,
  InboundRuntime,
  ScheduleTimer,
  SessionExpiry,
} from "./inbound/types.js";

// Queue settings: what a message does to a busy session, and the `/queue` vocabulary.
export {
  DEFAULT_QUEUE_SETTINGS,
  type DropPolicy,
  type InboundQueueMode,
  parseQueueDirective,
  type QueueCommandSupport,
  type QueueDirective,
  type QueueSettings,
  queueCommandSupport,
  queueOverrideOf,
  resolveQueueSettings,
} from "./inbound/queue-settings.js";

// Replies: chunking for a channel's limit, and blocks for channels that post while streaming.
export { type ChunkMode, chunkForChannel, paragraphsOf } from "./outbox/chunk-for-channel.js";
export { type BlockChunkOptions, chunkReplyText, DEFAULT_BLOCK_CHUNK } from "./reply/block-chunker.js";
export {
  blockView,
  createDraftStream,
  DEFAULT_DRAFT_CHUNK,
  type DraftStream,
  type DraftStreamOptions,
  type StreamMode,
} from "./reply/draft-stream.js";
export type { ReplyStreaming, RunDraft } from "./pipeline/stream-run.js";
export { DEFAULT_RETRY, type RetryPolicy, retryDelayMs } from "./outbox/backoff.js";

// Advanced: the dispatcher's building blocks.
export { createDedupeCache, type DedupeCache, dedupeKey } from "./inbound/dedupe.js";
export {
  addWithCap,
  droppedSummary,
  type FollowUpTurn,
  type PendingMessage,
  toFollowUpTurns,
} from "./inbound/pending-buffer.js";
export { createSystemEventQueue, type SystemEventQueue, withSystemEvents } from "./inbound/system-events.js";

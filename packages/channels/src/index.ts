/**
 * @claw/channels — the channel layer between chat platforms and the agent runtime. Today: the
 * inbound dispatcher (dedupe, chat commands, session expiry, what a message does to a busy
 * session) and reply chunking; channel adapters, routing and the outbox build on it.
 * It never imports the runtime: the app passes it the runtime and the functions it needs.
 */

// Commonly used: the inbound dispatcher in front of the runtime, and its types.
export { createInboundDispatcher, type InboundDispatcher } from "./inbound/dispatcher.js";
export type {
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

// Replies: blocks for channels that post while streaming.
export { type BlockChunkOptions, chunkReplyText, DEFAULT_BLOCK_CHUNK } from "./reply/block-chunker.js";

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

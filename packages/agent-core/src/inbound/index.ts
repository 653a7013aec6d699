export { createDedupeCache, type DedupeCache, dedupeKey } from "./dedupe.js";
export { createInboundDispatcher, type InboundDispatcher } from "./dispatcher.js";
export {
  addWithCap,
  droppedSummary,
  type FollowUpTurn,
  type PendingMessage,
  toFollowUpTurns,
} from "./pending-buffer.js";
export {
  DEFAULT_QUEUE_SETTINGS,
  type DropPolicy,
  type InboundQueueMode,
  parseQueueDirective,
  type QueueSettings,
  resolveQueueSettings,
} from "./queue-settings.js";
export { createSystemEventQueue, type SystemEventQueue, withSystemEvents } from "./system-events.js";
export type { DispatchResult, InboundDispatcherOptions, InboundMessage, ScheduleTimer } from "./types.js";

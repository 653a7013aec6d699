/**
 * @claw/client/chat-view — the chat logic every chat surface shares (the terminal UI and the
 * Control UI): which run's events belong to the shown session, and transcript → display items.
 * Browser-safe: no Node imports.
 *
 * @example
 * import { itemsFromHistory, RunBinding } from "@claw/client/chat-view";
 * const items = itemsFromHistory((await client.request("chat.history", { sessionKey })).messages);
 */

// Commonly used: transcript → items, and run → session binding.
export {
  type AssistantItem,
  argsRecord,
  contentText,
  type HistoryItem,
  type HistoryMessage,
  type HistoryOptions,
  type ImageView,
  itemsFromHistory,
  type SummaryItem,
  type ToolItem,
  type ToolStatus,
  type UserItem,
} from "./history-items.js";
export { RunBinding } from "./run-binding.js";

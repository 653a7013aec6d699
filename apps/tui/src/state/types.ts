/** The TUI's state: plain data, changed only by `reduce`. Components render it; they never own it. */
import type { AgentEvent } from "@claw/client";
import type { HistoryItem } from "@claw/client/chat-view";

export type ConnectionState = "connecting" | "connected" | "reconnecting" | "offline";

/** Transcript items are the ones every chat surface shares (@claw/client/chat-view). */
export type {
  AssistantItem,
  SummaryItem,
  ToolItem,
  ToolStatus,
  UserItem,
} from "@claw/client/chat-view";

export type NoticeLevel = "info" | "warn" | "error";

export interface NoticeItem {
  kind: "notice";
  id: string;
  level: NoticeLevel;
  text: string;
}

/** What the log shows: a transcript item, or a notice the TUI adds (errors, failover, replies). */
export type ChatItem = HistoryItem | NoticeItem;

/** What the footer shows about the current session. */
export interface SessionInfo {
  key: string;
  agentId: string;
  model?: string;
  thinkingLevel?: string;
  contextTokens: number;
  contextWindow?: number;
  inputTokens: number;
  outputTokens: number;
  /** Cost of the session in USD, when the model's price is known. */
  costUsd?: number;
}

export interface TuiState {
  items: readonly ChatItem[];
  session: SessionInfo;
  connection: ConnectionState;
  /** The run streaming into this session, if any. */
  activeRunId?: string;
  /** A message was sent and its run id is not known yet. */
  pending: boolean;
  /**
   * The last runs that ended, newest last. A command's reply can end before the `chat.send`
   * response binds its run id; a late bind of an ended run must not show it as running again.
   */
  endedRunIds: readonly string[];
  /** Failover notices already shown, as "runId candidate": each skip or failure is told once. */
  failoverShown: readonly string[];
  showThinking: boolean;
  expandTools: boolean;
  /** Bumped on every new item id. */
  nextId: number;
}

/** A gateway `agent` event payload, as the wire carries it. */
/** An `agent` event as the gateway sends it: switch on `stream`, then `data.phase` / `data.kind`. */
export type AgentEventPayload = AgentEvent;

export type Action =
  | { type: "agent-event"; event: AgentEventPayload }
  | { type: "user-message"; text: string }
  | { type: "run-bound"; runId: string }
  | { type: "run-ended"; runId: string; status: "ok" | "error" | "aborted"; error?: string }
  /** Nothing runs on the gateway any more: clear what the screen thinks is running. */
  | { type: "run-cleared"; text: string }
  | { type: "send-failed"; error: string }
  | { type: "history"; items: readonly ChatItem[] }
  | { type: "notice"; level: NoticeLevel; text: string }
  | { type: "session"; session: Partial<SessionInfo> }
  | { type: "switch-session"; key: string; agentId: string }
  | { type: "connection"; state: ConnectionState }
  | { type: "toggle-thinking" }
  | { type: "toggle-tools" }
  | { type: "clear" };

/**
 * The TUI's state machine: `reduce(state, action)` → next state. Pure and immutable with
 * structural sharing, so a component can tell by reference whether its item changed.
 */

import type { AgentEventData, FailoverEventData } from "@claw/client";
import { failoverNotice } from "./notices.js";
import type {
  Action,
  AgentEventPayload,
  AssistantItem,
  ChatItem,
  SessionInfo,
  ToolItem,
  TuiState,
} from "./types.js";

/**
 * @example
 * let state = initialState({ key: "agent:main:main", agentId: "main" });
 * state = reduce(state, { type: "user-message", text: "hi" });
 */
export function initialState(session: Pick<SessionInfo, "key" | "agentId">): TuiState {
  return {
    items: [],
    session: { ...session, contextTokens: 0, inputTokens: 0, outputTokens: 0 },
    connection: "connecting",
    pending: false,
    endedRunIds: [],
    failoverShown: [],
    showThinking: false,
    expandTools: false,
    nextId: 1,
  };
}

export function reduce(state: TuiState, action: Action): TuiState {
  switch (action.type) {
    case "agent-event":
      return onAgentEvent(state, action.event);
    case "user-message":
      return { ...push(state, { kind: "user", id: "", text: action.text }), pending: true };
    case "run-bound":
      return hasEnded(state, action.runId)
        ? { ...state, pending: false }
        : { ...state, activeRunId: action.runId, pending: false };
    case "run-ended":
      return onRunEnded(state, action.runId, action.status, action.error);
    case "run-cleared":
      return { ...push(state, notice(action.text, "info")), activeRunId: undefined, pending: false };
    case "send-failed":
      return { ...push(state, notice(action.error, "error")), pending: false };
    case "history":
      return { ...state, items: action.items, nextId: state.nextId + action.items.length };
    case "notice":
      return push(state, notice(action.text, action.level));
    case "session":
      return { ...state, session: { ...state.session, ...action.session } };
    case "switch-session":
      return {
        ...state,
        items: [],
        activeRunId: undefined,
        pending: false,
        session: {
          key: action.key,
          agentId: action.agentId,
          contextTokens: 0,
          inputTokens: 0,
          outputTokens: 0,
        },
      };
    case "connection":
      return state.connection === action.state ? state : { ...state, connection: action.state };
    case "toggle-thinking":
      return { ...state, showThinking: !state.showThinking };
    case "toggle-tools":
      return { ...state, expandTools: !state.expandTools };
    case "clear":
      return { ...state, items: [], activeRunId: undefined, pending: false };
  }
}

/** How many ended run ids the state remembers (late binds arrive within one round trip). */
const ENDED_RUNS_KEPT = 32;

function hasEnded(state: TuiState, runId: string): boolean {
  return state.endedRunIds.includes(runId);
}

/** `activeRunId` for an event of `runId`: the run, unless it already ended. */
function liveRun(state: TuiState, runId: string): string | undefined {
  return hasEnded(state, runId) ? state.activeRunId : runId;
}

function notice(text: string, level: "info" | "warn" | "error"): ChatItem {
  return { kind: "notice", id: "", level, text };
}

/** Appends an item with a fresh id. */
function push(state: TuiState, item: ChatItem): TuiState {
  const withId = { ...item, id: `i${state.nextId}` } as ChatItem;
  return { ...state, items: [...state.items, withId], nextId: state.nextId + 1 };
}

/** Replaces the item at `index` (structural sharing: every other item keeps its identity). */
function replaceAt(state: TuiState, index: number, item: ChatItem): TuiState {
  const items = state.items.slice();
  items[index] = item;
  return { ...state, items };
}

function lastIndexWhere(items: readonly ChatItem[], test: (item: ChatItem) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i] as ChatItem)) return i;
  return -1;
}

/** Each candidate's skip or failure is shown once per run; a fallback past it only says where it went. */
function onFailover(state: TuiState, runId: string, data: FailoverEventData): TuiState {
  const candidate =
    data.type === "fallback"
      ? data.from
      : "model" in data
        ? `${data.provider}/${data.model ?? ""}`
        : data.provider;
  const key = `${runId} ${candidate}`;
  // Two profiles of one model failing are two facts; the same skip told twice is one.
  const own = data.type === "attempt_failed" ? `${key} ${data.profileId ?? ""}` : key;
  if (data.type === "fallback" && state.failoverShown.includes(key))
    return push(state, notice(`→ switched to ${data.to}`, "info"));
  if (state.failoverShown.includes(own)) return state;
  const text = failoverNotice(data);
  if (!text) return state;
  const shown = [...state.failoverShown, key, own].slice(-64);
  return { ...push(state, notice(text.text, text.level)), failoverShown: shown };
}

function onAgentEvent(state: TuiState, event: AgentEventPayload): TuiState {
  switch (event.stream) {
    case "assistant":
      return onAssistant(state, event.runId, event.data);
    case "tool":
      return onTool(state, event.runId, event.data);
    case "lifecycle": {
      const data = event.data;
      if (data.phase === "failover") return onFailover(state, event.runId, data);
      if (data.phase === "start")
        return { ...state, activeRunId: liveRun(state, event.runId), pending: false };
      return state;
    }
    case "compaction": {
      const data = event.data;
      if (data.phase === "start") return push(state, notice(`compacting context (${data.reason})…`, "info"));
      if (data.phase === "end" && !data.ok) return push(state, notice("compaction failed", "warn"));
      if (data.phase === "error") return push(state, notice(`compaction failed: ${data.error}`, "warn"));
      return state;
    }
    default:
      return state;
  }
}

/** The assistant item a delta of `runId` goes into: the last one of the run, unless a tool card followed it. */
function streamingAssistant(state: TuiState, runId: string): number {
  const last = state.items.length - 1;
  const item = state.items[last];
  return item?.kind === "assistant" && item.runId === runId && item.streaming ? last : -1;
}

function onAssistant(state: TuiState, runId: string, data: AgentEventData<"assistant">): TuiState {
  if (data.kind === "toolcall") return state;
  const index = streamingAssistant(state, runId);
  const base: AssistantItem =
    index >= 0
      ? (state.items[index] as AssistantItem)
      : { kind: "assistant", id: "", runId, text: "", thinking: "", streaming: true };
  const next: AssistantItem =
    data.kind === "thinking"
      ? { ...base, thinking: base.thinking + data.delta }
      : { ...base, text: withSnapshot(base.text + data.delta, data.text) };
  const live = { ...state, activeRunId: liveRun(state, runId), pending: false };
  return index >= 0 ? replaceAt(live, index, next) : push(live, next);
}

/**
 * The streamed text after a delta: the gateway sends only deltas plus an occasional snapshot of
 * the block so far (`text`); a snapshot the text does not end with means deltas were dropped
 * (a slow link), so the snapshot replaces it.
 */
function withSnapshot(appended: string, snapshot: string | undefined): string {
  return snapshot === undefined || appended.endsWith(snapshot) ? appended : snapshot;
}

function onTool(state: TuiState, runId: string, data: AgentEventData<"tool">): TuiState {
  const { toolCallId } = data;
  const index = lastIndexWhere(
    state.items,
    (i) =>
      i.kind === "tool" &&
      i.runId === runId &&
      (toolCallId ? i.toolCallId === toolCallId : i.status === "running"),
  );
  if (data.phase === "start" || index < 0) {
    // A tool card ends the assistant block before it; later text starts a new block below the card.
    const sealed = sealAssistant(state, runId);
    const card: ToolItem = {
      kind: "tool",
      id: "",
      runId,
      toolCallId,
      name: data.name || "tool",
      args: data.phase === "start" && isRecord(data.args) ? data.args : {},
      status: "running",
    };
    const started = push(sealed, card);
    return data.phase === "start" ? started : onTool(started, runId, data);
  }
  const card = state.items[index] as ToolItem;
  if (data.phase === "update") return replaceAt(state, index, { ...card, result: data.result });
  return replaceAt(state, index, {
    ...card,
    status: data.isError ? "error" : "ok",
    durationMs: data.durationMs ?? card.durationMs,
    result: data.result ?? card.result,
  });
}

function sealAssistant(state: TuiState, runId: string): TuiState {
  const index = streamingAssistant(state, runId);
  if (index < 0) return state;
  return replaceAt(state, index, { ...(state.items[index] as AssistantItem), streaming: false });
}

function onRunEnded(
  state: TuiState,
  runId: string,
  status: "ok" | "error" | "aborted",
  error?: string,
): TuiState {
  let next = state;
  state.items.forEach((item, index) => {
    if (item.kind === "assistant" && item.runId === runId && item.streaming)
      next = replaceAt(next, index, { ...item, streaming: false });
    if (item.kind === "tool" && item.runId === runId && item.status === "running")
      next = replaceAt(next, index, { ...item, status: "error", result: item.result ?? status });
  });
  if (status === "aborted") next = push(next, notice("stopped", "warn"));
  if (status === "error") next = push(next, notice(error ?? "the run failed", "error"));
  const stillActive = next.activeRunId === runId ? undefined : next.activeRunId;
  const endedRunIds = hasEnded(next, runId)
    ? next.endedRunIds
    : [...next.endedRunIds, runId].slice(-ENDED_RUNS_KEPT);
  return { ...next, activeRunId: stillActive, pending: false, endedRunIds };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

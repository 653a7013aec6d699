/**
 * The inbound dispatcher's message, results and options, and the narrow port it needs of the agent
 * runtime. Channels never import the runtime: the app passes it (agent-core's `AgentRuntime`
 * fits `InboundRuntime` as it is) plus the command and session-expiry functions.
 */
import type { FollowUpTurn } from "./pending-buffer.js";
import type { InboundQueueMode, QueueCommandSupport, QueueSettings } from "./queue-settings.js";
import type { SystemEventQueue } from "./system-events.js";

/** A chat's tool rules (`channels.<ch>.groups.<id>.tools`), given to the run as a tool-policy layer. */
export interface ChatToolRules {
  allow?: readonly string[];
  deny?: readonly string[];
  /** Config path shown by explanations. */
  source?: string;
}

/** Concurrency lanes of the runtime a message may ask for. */
export type InboundLane = "main" | "cron" | "subagent" | "nested";

/** One message from a channel, already routed to a session key. */
export interface InboundMessage {
  sessionKey: string;
  text: string;
  /** Channel message id, for dedupe of redeliveries. */
  id?: string;
  channel?: string;
  accountId?: string;
  peer?: string;
  /** Who wrote it: collect mode never merges messages of different senders. */
  senderId?: string;
  threadId?: string;
  /** Media messages skip inbound debouncing. */
  hasMedia?: boolean;
  senderIsOwner?: boolean;
  agentId?: string;
  lane?: InboundLane;
  /** Tool rules of the chat (a group's `tools`) for the run this message starts. */
  groupTools?: ChatToolRules;
}

/** A started run as the dispatcher sees it. */
export interface InboundRun {
  runId: string;
  /** Settles when the run ends (never rejects). */
  result: Promise<unknown>;
}

/** A run the dispatcher asks the runtime for. */
export interface InboundRunRequest {
  sessionKey: string;
  message: string;
  agentId?: string;
  lane?: InboundLane;
  channel?: string;
  senderIsOwner?: boolean;
  /** "interrupt" aborts the session's running run first. */
  queueMode?: "interrupt";
  /** Tool rules of the chat the message came from (agent-core's `RunRequest.groupTools`). */
  groupTools?: ChatToolRules;
}

/** What the dispatcher needs of the agent runtime. */
export interface InboundRuntime<TRun extends InboundRun = InboundRun> {
  run(request: InboundRunRequest): TRun;
  /** Delivers a message to the session's running run; false when none is running. */
  steer(sessionKey: string, message: string): boolean;
  activeRuns(): readonly { runId: string; sessionKey: string }[];
  wait(runId: string, timeoutMs: number): Promise<unknown>;
  /** The session's stored flags (`flags.queue` is the `/queue` override). */
  sessions: { get(sessionKey: string): Promise<{ flags?: Record<string, unknown> } | undefined> };
}

/** A chat command's reply (`/status`, `/queue …`); `passThrough` is text to run as a turn after it. */
export interface InboundCommandReply {
  command: string;
  text: string;
  passThrough?: string;
  error?: boolean;
}

/** What the dispatcher adds to a command call: the sender and its own queue. */
export interface InboundCommandContext {
  senderIsOwner?: boolean;
  clearQueued: (sessionKey: string) => number;
  queuedCount: (sessionKey: string) => number;
  queue: QueueCommandSupport;
}

/**
 * Handles a chat command, or returns undefined when the text is not one. Wire agent-core's
 * `handleCommand(runtime, sessionKey, text, { ...commandOptions, ...context })`.
 */
export type InboundCommandHandler = (
  sessionKey: string,
  text: string,
  context: InboundCommandContext,
) => Promise<InboundCommandReply | undefined>;

/** Why an idle session was reset before this message. */
export interface SessionExpiry {
  reason?: "daily" | "idle";
  expiredAt?: number;
}

/**
 * Resets a stale session before a message reaches it; returns why it expired, if it did. Wire
 * agent-core's `freshenSession(runtime.sessions, sessionKey, resetSettings, Date.now(), channel)`.
 */
export type FreshenSession = (
  sessionKey: string,
  channel: string | undefined,
) => Promise<{ expired?: SessionExpiry }>;

export type DispatchResult<TRun extends InboundRun = InboundRun> =
  | { status: "duplicate" }
  | { status: "command"; reply: InboundCommandReply; run?: TRun }
  | { status: "started"; run: TRun; expired?: SessionExpiry }
  | { status: "steered"; runId?: string; alsoQueued?: boolean }
  | { status: "queued"; queued: number; dropped: number }
  | { status: "refused"; reason: string }
  | { status: "interrupted"; run: TRun; aborted: number };

/** A cancellable timer; injectable so tests drive time by hand. */
export type ScheduleTimer = (fn: () => void, ms: number) => () => void;

export interface InboundDispatcherOptions<TRun extends InboundRun = InboundRun> {
  /** Queue defaults (collect, 1000 ms, cap 20, summarize) and per-channel modes. */
  queue?: Partial<QueueSettings> & { byChannel?: Record<string, InboundQueueMode> };
  /** Batches rapid text messages to an idle session (0 = off); per channel overrides. */
  inboundDebounce?: { debounceMs?: number; byChannel?: Record<string, number> };
  /** Session expiry checked on each message to an idle session (omit: sessions never expire here). */
  freshen?: FreshenSession;
  /** Chat commands (omit: every message goes to the model). */
  commands?: InboundCommandHandler;
  dedupe?: { ttlMs?: number; max?: number };
  /** Most system events held per session (default 20), when the dispatcher keeps its own queue. */
  systemEventCap?: number;
  /**
   * The host's one system-event queue, shared with whatever else enqueues events (cron, exec
   * completions), so an event waits for the session's next turn however that turn starts.
   */
  systemEvents?: SystemEventQueue;
  /** Told about every run the dispatcher starts later (follow-ups, debounced batches). */
  onRun?: (run: TRun, turn: FollowUpTurn & { sessionKey: string }) => void;
  schedule?: ScheduleTimer;
  now?: () => number;
}

/** The inbound dispatcher's message, results and options. */
import type { CommandOptions, CommandReply } from "../commands/types.js";
import type { LaneName } from "../runtime/options.js";
import type { RunHandle } from "../runtime/run-handle.js";
import type { Freshness, ResetSettings } from "../sessions/lifecycle/reset-policy.js";
import type { FollowUpTurn } from "./pending-buffer.js";
import type { InboundQueueMode, QueueSettings } from "./queue-settings.js";

/** One message from a channel, already routed to a session key. */
export interface InboundMessage {
  sessionKey: string;
  text: string;
  /** Channel message id, for dedupe of redeliveries. */
  id?: string;
  channel?: string;
  accountId?: string;
  peer?: string;
  threadId?: string;
  /** Media messages skip inbound debouncing. */
  hasMedia?: boolean;
  senderIsOwner?: boolean;
  agentId?: string;
  lane?: LaneName;
}

export type DispatchResult =
  | { status: "duplicate" }
  | { status: "command"; reply: CommandReply; run?: RunHandle }
  | { status: "started"; run: RunHandle; expired?: Freshness }
  | { status: "steered"; runId?: string; alsoQueued?: boolean }
  | { status: "queued"; queued: number; dropped: number }
  | { status: "refused"; reason: string }
  | { status: "interrupted"; run: RunHandle; aborted: number };

/** A cancellable timer; injectable so tests drive time by hand. */
export type ScheduleTimer = (fn: () => void, ms: number) => () => void;

export interface InboundDispatcherOptions {
  /** Queue defaults (collect, 1000 ms, cap 20, summarize) and per-channel modes. */
  queue?: Partial<QueueSettings> & { byChannel?: Record<string, InboundQueueMode> };
  /** Batches rapid text messages to an idle session (0 = off); per channel overrides. */
  inboundDebounce?: { debounceMs?: number; byChannel?: Record<string, number> };
  /** Reset policy evaluated on each inbound message to an idle session; false disables expiry. */
  reset?: ResetSettings | false;
  /** Command handling (false = every message goes to the model). */
  commands?: Omit<CommandOptions, "clearQueued" | "queuedCount" | "senderIsOwner" | "stopChildren"> | false;
  /** Stops subagents spawned from a session (wire the subagent registry's `stop`). */
  stopChildren?: (sessionKey: string) => number;
  dedupe?: { ttlMs?: number; max?: number };
  /** Most system events held per session (default 20). */
  systemEventCap?: number;
  /** Told about every run the dispatcher starts later (follow-ups, debounced batches). */
  onRun?: (run: RunHandle, turn: FollowUpTurn & { sessionKey: string }) => void;
  schedule?: ScheduleTimer;
  now?: () => number;
}

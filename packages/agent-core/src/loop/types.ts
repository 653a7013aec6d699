/** Inputs and outputs of one agent run. */
import {
  type AssistantEvent,
  type AssistantMessage,
  type Context,
  emptyUsage,
  type FailureReason,
  type Message,
  type Usage,
} from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";

export { emptyUsage };

/** Calls the model once (through failover, in the runtime). May throw; the loop handles it. */
export type CallModel = (
  context: Context,
  options: { signal: AbortSignal; onEvent: (event: AssistantEvent) => void },
) => Promise<AssistantMessage>;

export type RunStatus = "ok" | "error" | "aborted" | "timeout";

export interface RunError {
  message: string;
  reason?: FailureReason | "max_turns" | "tool_loop" | "overflow_unrecoverable";
}

export interface RunResult {
  runId: string;
  status: RunStatus;
  /** The final assistant text (before reply shaping). */
  text: string;
  /** Every message this run added, input included, in order. */
  messages: Message[];
  /** Usage summed over every model call of the run. */
  usage: Usage;
  turns: number;
  error?: RunError;
  startedAt: number;
  endedAt: number;
}

/** Thrown by `callModel` implementations (or returned in a failed message) to signal overflow. */
export function isContextOverflow(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { reason?: unknown }).reason === "context_overflow"
  );
}

export function addUsage(total: Usage, add: Usage): void {
  total.input += add.input;
  total.output += add.output;
  total.cacheRead += add.cacheRead;
  total.cacheWrite += add.cacheWrite;
  total.totalTokens += add.totalTokens;
  total.cost.input += add.cost.input;
  total.cost.output += add.cost.output;
  total.cost.cacheRead += add.cost.cacheRead;
  total.cost.cacheWrite += add.cost.cacheWrite;
  total.cost.total += add.cost.total;
}

/**
 * The terminal state of a run that ended before its loop started (aborted while queued, an
 * unknown model, a crash in preparation): reported on the lifecycle stream like any other end.
 */
export function endedBeforeStart(
  runId: string,
  emit: RunEmitter,
  now: () => number,
  status: "error" | "aborted",
  error: RunError,
): RunResult {
  const at = now();
  emit("lifecycle", { phase: "error", status, startedAt: at, endedAt: at, turns: 0, error: error.message });
  return {
    runId,
    status,
    text: "",
    messages: [],
    usage: emptyUsage(),
    turns: 0,
    error,
    startedAt: at,
    endedAt: at,
  };
}

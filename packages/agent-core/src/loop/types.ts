/** Inputs and outputs of one agent run. */
import {
  type AssistantEvent,
  type AssistantMessage,
  type Context,
  emptyUsage,
  type FailureReason,
  isContextOverflow,
  type Message,
  type Usage,
} from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";

export { emptyUsage };

/**
 * Calls the model once (through failover, in the runtime). Failures come back as a failed
 * message (`stopReason` "error" or "aborted"); a throw is a bug in a custom runner, reported once.
 */
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

/** The one context-overflow detector, from @claw/providers (re-exported for agent-core's users). */
export { isContextOverflow };

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

/** The handle a caller gets for one run: its id, its events as they happen, and its result. */
import type { UserMessage } from "@claw/providers";
import type { AgentEvent } from "../events/types.js";
import type { RunResult } from "../loop/types.js";

export interface RunHandle {
  runId: string;
  sessionKey: string;
  /** Every event of this run, in order; ends after the terminal lifecycle event. */
  events: AsyncIterable<AgentEvent>;
  /** Resolves with the terminal state; never rejects. */
  result: Promise<RunResult>;
  /** Aborts this run. */
  abort(reason?: string): void;
}

/** Per-run state the runtime tracks while a run is queued or active. */
export interface ActiveRun {
  runId: string;
  sessionKey: string;
  controller: AbortController;
  steering: UserMessage[];
  followUps: UserMessage[];
  started: boolean;
}

/** The embeddable runtime's interface: runs, the run registry, steering, compaction, sessions. */
import type { UserMessage } from "@claw/providers";
import type { AgentEventListener } from "../events/types.js";
import type { RunResult } from "../loop/types.js";
import type { SessionStore } from "../sessions/session-store.js";
import type { AgentDefinition, RunRequest } from "./options.js";
import type { ReplyText } from "./reply-run.js";
import type { RunHandle } from "./run-handle.js";

export interface AgentRuntime {
  /** Queues a run for a session and returns its handle at once. */
  run(request: RunRequest): RunHandle;
  /** Receives every event of every run; returns the unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void;
  /** Aborts a run by id, or every queued and active run of a session. Returns how many. */
  abort(target: { runId: string } | { sessionKey: string }, reason?: string): number;
  /** Waits for a run's result; undefined if it is unknown or still going after timeoutMs. */
  wait(runId: string, timeoutMs: number): Promise<RunResult | undefined>;
  /**
   * A queued, running or recently finished run (the last 500 finished are kept); undefined
   * for an unknown id.
   */
  get(runId: string): RunInfo | undefined;
  /**
   * Answers a session without the model (a slash command's reply) as a short run of its own:
   * its events and result go through the registry like any run's. `runId` names the run (an
   * accepted message's id).
   */
  reply(sessionKey: string, reply: ReplyText, options?: { runId?: string }): RunHandle;
  /** Delivers a message to a session's running run as steering; false if none is running. */
  steer(sessionKey: string, message: string | UserMessage): boolean;
  /** Resolves once every run queued so far for the session has ended. */
  idle(sessionKey: string): Promise<void>;
  /**
   * Compacts a session now (`/compact`), queued behind its runs: the new message count, or the
   * exact reason nothing was compacted (no strategy, nothing older than the latest turn, a failed
   * summary — the history is then kept).
   */
  compact(
    sessionKey: string,
    options?: { agentId?: string; signal?: AbortSignal },
  ): Promise<{ compacted: true; messages: number } | { compacted: false; reason: string }>;
  /** Runs that are queued or active. */
  activeRuns(): { runId: string; sessionKey: string; started: boolean }[];
  readonly sessions: SessionStore;
  readonly agents: readonly AgentDefinition[];
  /** `session.mainKey`: the last part of every agent's main session key. */
  readonly mainKey: string;
  resolveAgent(agentId: string | undefined, sessionKey?: string): AgentDefinition;
  /** Aborts everything and waits for runs to settle. */
  close(): Promise<void>;
}

/** What the registry knows of a run. */
export interface RunInfo {
  runId: string;
  sessionKey: string;
  state: "queued" | "running" | "finished";
}

/**
 * Thread-bound subagents (spawn with `thread: true`): the port the app wires to a chat channel
 * that can open threads (@claw/channels' `createSubagentThreads`), the checks a spawn request
 * passes first, and the text a person reads in the thread when the child is done.
 */
import type { SubagentRun } from "./outbox.js";

/** `run` (default): the child ends after its announce; `session`: it stays for follow-ups in its thread. */
export type SpawnMode = "run" | "session";

/** Where a bound child's announce went: its thread now, its thread earlier (a restart), or nowhere (not bound). */
export type ThreadAnnounceOutcome = "posted" | "already" | "unbound";

/**
 * Binds children to chat threads. `bind` runs after the child session exists and before the
 * child starts (the `subagent_spawning` hook); a rejection rolls the spawn back.
 */
export interface SubagentThreadBinder {
  bind(request: {
    runId: string;
    childSessionKey: string;
    requesterSessionKey: string;
    agentId: string;
    label?: string;
    mode: SpawnMode;
  }): Promise<{ channel: string; threadId: string }>;
  /** Posts the announce in the child's thread when it has one (the "bound" delivery mode). */
  announce(childSessionKey: string, text: string): Promise<ThreadAnnounceOutcome>;
  /** A live binding keeps its session from being archived. */
  keepsSession(sessionKey: string): boolean;
}

/**
 * Why a spawn's `thread`/`mode` cannot be honoured, or undefined.
 *
 * @example
 * threadSpawnRefusal({ mode: "session" }, binder); // → 'mode: "session" needs thread: true …'
 */
export function threadSpawnRefusal(
  request: { thread?: boolean; mode?: SpawnMode; cleanup?: "keep" | "delete" },
  binder: SubagentThreadBinder | undefined,
): string | undefined {
  if (request.mode === "session" && !request.thread)
    return 'mode: "session" needs thread: true (the session is kept for follow-ups in its own thread); use mode "run" or add thread: true.';
  if (request.mode === "session" && request.cleanup === "delete")
    return 'mode: "session" keeps the child session for its thread, so cleanup: "delete" does not apply; leave cleanup out.';
  if (request.thread && !binder)
    return "thread: true needs a chat channel that can open threads (e.g. Discord), and none is connected to this runtime; spawn without thread.";
  return undefined;
}

/**
 * What a person reads in the thread: the child's answer, or what went wrong.
 *
 * @example
 * formatThreadAnnounce(run); // "Found 3 open issues…" (status ok), or "⚠️ research: timeout — …"
 */
export function formatThreadAnnounce(run: SubagentRun): string {
  const result = run.result?.trim();
  if (run.status === "ok") return result || "(the subagent finished with no output)";
  const title = run.label ?? "subagent";
  const head = `⚠️ ${title}: ${run.status}${run.error ? ` — ${run.error}` : ""}`;
  return result ? `${head}\n\n${result}` : head;
}

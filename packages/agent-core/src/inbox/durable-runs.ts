/**
 * "Accept durably, then run": the one entry point for a message someone will be told was
 * accepted (gateway `chat.send` / `agent`, a channel's inbound message). The message is committed
 * to the run inbox before `accept` resolves; its run's outcome is recorded when it ends; after a
 * crash `recover()` resumes every accepted message whose run never started and reports the ones a
 * crash cut short. An idempotency key always maps to that one record: never a phantom run id.
 */
import { randomUUID } from "node:crypto";
import type { UserMessage } from "@claw/providers";
import type { RunResult } from "../loop/types.js";
import type { RunHandle } from "../runtime/run-handle.js";
import type { SessionStore } from "../sessions/session-store.js";
import { findAcceptedMessage } from "./find-accepted.js";
import type { AcceptedWork, AcceptRequest, InboxOutcome, InboxRecord, RunInbox } from "./run-inbox.js";

/** Starts an accepted run. It must use `work.runId` and `acceptedUserMessage(work)` as the input. */
export type StartAcceptedRun = (work: AcceptedWork) => RunHandle | Promise<RunHandle>;

export interface DurableRunsOptions {
  inbox: RunInbox;
  /** Where recovery looks for messages a crashed run already wrote. */
  sessions: Pick<SessionStore, "get" | "loadMessages">;
  start: StartAcceptedRun;
  now?: () => number;
  /** Done rows answer retries this long (default 24 h), then are pruned. */
  retainMs?: number;
  /** Told about problems that must not throw (a failed outcome write, a failed resume). */
  onError?: (message: string, fields: Record<string, unknown>) => void;
}

export interface AcceptedRun {
  runId: string;
  acceptedAt: number;
  /** True when the idempotency key was known: no new run was started by this call. */
  duplicate: boolean;
  /** The live run, when this call started it. */
  handle?: RunHandle;
  /** Settles with the recorded outcome once the run ended (at once for an ended run). */
  done: Promise<InboxOutcome>;
}

export interface RecoveryReport {
  /** Accepted messages whose run had not started: queued again, in acceptance order. */
  resumed: number;
  /** Runs that had finished in the transcript but not in the inbox: recorded as ok. */
  completed: number;
  /** Runs a crash cut short: recorded as errors (the user message stays in the transcript). */
  interrupted: number;
}

export interface DurableRuns {
  /**
   * Records the request durably, starts its run and returns the run id; a known idempotency key
   * returns the first record (live, resumed or ended) instead.
   *
   * @example
   * const accepted = await durable.accept({ idempotencyKey: `telegram:${update.id}`, sessionKey, message: text });
   * reply(`queued as ${accepted.runId}`);
   */
  accept(request: AcceptRequest): Promise<AcceptedRun>;
  /** Resumes or settles every row left queued by a previous process. Call once, before `accept`. */
  recover(): Promise<RecoveryReport>;
  /** The recorded outcome of an ended run (also one from before a restart). */
  outcome(runId: string): InboxOutcome | undefined;
  /** Accepted and not yet ended, known to this process. */
  pending(): number;
  /**
   * From now on a run aborted before it started (a shutdown) stays queued, so the next process
   * runs it. Call before aborting runs on shutdown.
   */
  beginShutdown(): void;
}

/** Message of a run a crash cut short, as its outcome records it. */
export const INTERRUPTED_BY_RESTART =
  "The gateway stopped while this run was going; the message is in the conversation but was not answered. Send it again to retry.";

/**
 * The user message of accepted work: its timestamp is the acceptance time, which recovery
 * matches; images sent with it follow the text as image blocks.
 */
export function acceptedUserMessage(work: AcceptedWork): UserMessage {
  const content: UserMessage["content"] = work.images?.length
    ? [...(work.message ? [{ type: "text" as const, text: work.message }] : []), ...work.images]
    : work.message;
  return { role: "user", content, timestamp: work.acceptedAt };
}

/**
 * @example
 * const durable = createDurableRuns({ inbox: openRunInbox(dbPath), sessions: runtime.sessions,
 *   start: (work) => runtime.run({ ...work, message: acceptedUserMessage(work) }) });
 * await durable.recover();
 */
export function createDurableRuns(options: DurableRunsOptions): DurableRuns {
  const { inbox, now = Date.now } = options;
  const retainMs = options.retainMs ?? 24 * 60 * 60_000;
  const report = options.onError ?? (() => {});
  const live = new Map<string, Promise<InboxOutcome>>();
  let lastAcceptedAt = inbox.latestAcceptedAt();
  let shuttingDown = false;
  let recovery: Promise<RecoveryReport> | undefined;
  let accepted = 0;

  /** Unique and increasing, so a transcript message is matched to exactly one row. */
  const nextAcceptedAt = () => {
    lastAcceptedAt = Math.max(now(), lastAcceptedAt + 1);
    return lastAcceptedAt;
  };

  const record = (runId: string, outcome: InboxOutcome): InboxOutcome => {
    try {
      inbox.finish(runId, outcome);
    } catch (error) {
      report("run inbox: outcome not recorded", { runId, error: String(error) });
    }
    return outcome;
  };

  /** Runs `work` and records its outcome; the returned handle is the live run. */
  const launch = (work: AcceptedWork): { handle: Promise<RunHandle>; done: Promise<InboxOutcome> } => {
    const handle = Promise.resolve().then(() => options.start(work));
    const done = handle
      .then((h) => h.result)
      .then(
        (result) => {
          // Aborted before its message was written, because this process is stopping: keep it queued.
          if (shuttingDown && result.status === "aborted" && result.messages.length === 0)
            return toOutcome(result);
          return record(work.runId, toOutcome(result));
        },
        (error: unknown) => record(work.runId, { status: "error", error: errorText(error), endedAt: now() }),
      )
      .finally(() => live.delete(work.runId));
    live.set(work.runId, done);
    return { handle, done };
  };

  const existing = (row: InboxRecord): AcceptedRun => ({
    runId: row.runId,
    acceptedAt: row.acceptedAt,
    duplicate: true,
    done:
      live.get(row.runId) ??
      Promise.resolve(
        row.outcome ?? { status: "error", error: "run was accepted but is not running", endedAt: now() },
      ),
  });

  const recover = async (): Promise<RecoveryReport> => {
    const result: RecoveryReport = { resumed: 0, completed: 0, interrupted: 0 };
    const transcripts = new Map<string, Awaited<ReturnType<SessionStore["loadMessages"]>>>();
    for (const row of inbox.queued()) {
      if (live.has(row.runId)) continue;
      const found = await findAcceptedMessage(options.sessions, row, transcripts).catch((error: unknown) => {
        report("run inbox: transcript not readable during recovery", {
          sessionKey: row.sessionKey,
          error: String(error),
        });
        return undefined;
      });
      if (!found) {
        launch(row).handle.catch((error: unknown) =>
          report("run inbox: resume failed", { runId: row.runId, error: errorText(error) }),
        );
        result.resumed += 1;
      } else if (found.answer !== undefined) {
        record(row.runId, { status: "ok", text: found.answer, endedAt: now() });
        result.completed += 1;
      } else {
        record(row.runId, { status: "error", error: INTERRUPTED_BY_RESTART, endedAt: now() });
        result.interrupted += 1;
      }
    }
    inbox.prune(now() - retainMs);
    return result;
  };

  /** Recovery runs once, whoever asks first (the app at start, or the first accept). */
  const recovered = (): Promise<RecoveryReport> => {
    recovery ??= recover();
    return recovery;
  };

  return {
    recover: recovered,

    async accept(request) {
      await recovered();
      const known = inbox.byKey(request.idempotencyKey);
      if (known) return existing(known);
      const work: AcceptedWork = { ...request, runId: randomUUID(), acceptedAt: nextAcceptedAt() };
      const inserted = inbox.insert(work);
      if (!inserted.inserted) return existing(inserted.existing);
      const { handle, done } = launch(work);
      let started: RunHandle;
      try {
        started = await handle;
      } catch (error) {
        // Never started: nothing was promised, so a retry with the same key may try again.
        inbox.forget(work.runId);
        throw error;
      }
      if (++accepted % 200 === 0) inbox.prune(now() - retainMs);
      return { runId: work.runId, acceptedAt: work.acceptedAt, duplicate: false, handle: started, done };
    },

    outcome: (runId) => inbox.byRunId(runId)?.outcome,
    pending: () => live.size,
    beginShutdown() {
      shuttingDown = true;
    },
  };
}

function toOutcome(result: RunResult): InboxOutcome {
  return {
    status: result.status,
    text: result.text,
    ...(result.error ? { error: result.error.message } : {}),
    inputTokens: result.usage.input,
    outputTokens: result.usage.output,
    startedAt: result.startedAt,
    endedAt: result.endedAt,
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

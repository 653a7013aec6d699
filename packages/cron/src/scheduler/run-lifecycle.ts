/**
 * One run from start to end: claim the due time in the store, execute with a timeout, record
 * the outcome on the run and the job (backoff, one-shot disable, history pruning), emit events.
 */
import type { CronPorts, DeliverySettled } from "../ports.js";
import type { CronJob, CronRun, CronRunStatus } from "../schema/job.js";
import type { CronStore } from "../store/cron-store.js";
import type { Clock, TimerHandle } from "./clock.js";
import { errorMessage, executePayload, type PayloadOutcome } from "./execute-payload.js";
import { backoffMs } from "./job-rules.js";

/** What the service tells listeners (the gateway's `cron` event). */
export interface CronEvent {
  jobId: string;
  action: "added" | "updated" | "removed" | "started" | "finished";
  runId?: string;
  runAtMs?: number;
  durationMs?: number;
  status?: Exclude<CronRunStatus, "running">;
  error?: string;
  summary?: string;
  nextRunAtMs?: number;
  deliveryStatus?: CronRun["deliveryStatus"];
}

export interface ActiveRun {
  runId: string;
  controller: AbortController;
  deadline: number;
  timer?: TimerHandle;
  finish(outcome: PayloadOutcome): CronRun | undefined;
  done: Promise<CronRun | undefined>;
}

export interface RunLifecycleDeps {
  store: CronStore;
  ports: CronPorts;
  clock: Clock;
  newId: () => string;
  /** Runs going now, by job id (single-flight). */
  active: Map<string, ActiveRun>;
  emit(event: CronEvent): void;
  save(job: CronJob): void;
  forget(jobId: string): void;
  dueAt(jobId: string): number | undefined;
  stopping(): boolean;
  arm(): void;
  defaultTimeoutMs: number;
  maxRunMs: number;
  historyLimit: number;
}

export function createRunLifecycle(deps: RunLifecycleDeps) {
  const { store, ports, clock, newId, active, emit, save, defaultTimeoutMs, maxRunMs, historyLimit } = deps;
  /** Records a run that did not execute (missed, skipped) as already finished. */
  const recordUnrun = (
    job: CronJob,
    scheduledAtMs: number,
    status: "missed" | "skipped",
    summary: string,
  ): boolean => {
    const now = clock.now();
    const recorded = store.beginRun({
      runId: newId(),
      jobId: job.id,
      jobName: job.name,
      trigger: "schedule",
      scheduledAtMs,
      startedAtMs: now,
      endedAtMs: now,
      status,
      summary,
      deliveryStatus: "not-requested",
    });
    if (recorded)
      emit({ jobId: job.id, action: "finished", status, summary, runAtMs: scheduledAtMs, durationMs: 0 });
    return recorded;
  };

  const applyEnd = (jobId: string, run: CronRun) => {
    const job = store.getJob(jobId);
    if (!job) return;
    const failed = run.status === "error" || run.status === "timeout" || run.status === "interrupted";
    const errors = failed ? (job.state.consecutiveErrors ?? 0) + 1 : 0;
    const wire =
      run.status === "ok" ? "ok" : run.status === "skipped" || run.status === "missed" ? "skipped" : "error";
    const state = {
      ...job.state,
      lastRunAtMs: run.startedAtMs,
      lastRunStatus: wire,
      lastStatus: wire,
      consecutiveErrors: errors,
    } as CronJob["state"];
    delete state.runningAtMs;
    if (run.endedAtMs !== undefined) state.lastDurationMs = Math.max(0, run.endedAtMs - run.startedAtMs);
    if (run.error) state.lastError = run.error;
    else delete state.lastError;
    state.lastDeliveryStatus = run.deliveryStatus;
    state.lastDelivered = run.deliveryStatus === "delivered";
    if (run.deliveryError) state.lastDeliveryError = run.deliveryError;
    else delete state.lastDeliveryError;
    const next: CronJob = { ...job, state };
    if (job.schedule.kind === "at") {
      next.enabled = false;
      delete next.state.nextRunAtMs;
    } else if (failed && next.state.nextRunAtMs !== undefined) {
      next.state.nextRunAtMs = Math.max(
        next.state.nextRunAtMs,
        (run.endedAtMs ?? clock.now()) + backoffMs(errors),
      );
    }
    if (job.schedule.kind === "at" && job.deleteAfterRun && run.status === "ok") {
      store.deleteJob(job.id, { keepRuns: true });
      deps.forget(job.id);
      emit({ jobId: job.id, action: "removed" });
    } else save(next);
    store.pruneRuns(job.id, historyLimit);
  };

  /**
   * A delivery the outbox was still retrying when the run ended ("unknown"): once it settles, the
   * run record (and the job's last delivery, if this is still its last run) says how it ended.
   */
  const settleLate = (jobId: string, run: CronRun, late: Promise<DeliverySettled>) => {
    void late
      .then((settled) => {
        const deliveryStatus: CronRun["deliveryStatus"] =
          settled.status === "delivered" ? "delivered" : "not-delivered";
        const deliveryError = settled.status === "failed" ? settled.error : undefined;
        store.setRunDelivery(run.runId, deliveryStatus, deliveryError);
        const job = store.getJob(jobId);
        if (job && job.state.lastRunAtMs === run.startedAtMs) {
          const state = { ...job.state, lastDeliveryStatus: deliveryStatus, lastDelivered: !deliveryError };
          if (deliveryError) state.lastDeliveryError = deliveryError;
          else delete state.lastDeliveryError;
          save({ ...job, state });
        }
        emit({ jobId, action: "updated", runId: run.runId, deliveryStatus });
      })
      .catch(() => {}); // the store closed meanwhile (the service stopped): the run keeps "unknown"
  };

  /** Starts one run of a job; resolves with the finished run (undefined if the due time was taken). */
  const startRun = (
    job: CronJob,
    trigger: CronRun["trigger"],
    scheduledAtMs?: number,
  ): ActiveRun | undefined => {
    const startedAtMs = clock.now();
    const run: CronRun = {
      runId: newId(),
      jobId: job.id,
      jobName: job.name,
      trigger,
      ...(scheduledAtMs !== undefined ? { scheduledAtMs } : {}),
      startedAtMs,
      status: "running",
      deliveryStatus: "not-requested",
    };
    if (!store.beginRun(run)) return undefined;
    store.putJob({ ...job, state: { ...job.state, runningAtMs: startedAtMs } });
    const timeoutMs =
      job.payload.kind === "agentTurn" && job.payload.timeoutSeconds !== undefined
        ? job.payload.timeoutSeconds * 1000
        : defaultTimeoutMs;
    const controller = new AbortController();
    let resolveDone: (run: CronRun | undefined) => void = () => {};
    const done = new Promise<CronRun | undefined>((resolve) => {
      resolveDone = resolve;
    });
    let finished: CronRun | undefined;
    const entry: ActiveRun = {
      runId: run.runId,
      controller,
      deadline: startedAtMs + (timeoutMs > 0 ? timeoutMs : maxRunMs),
      done,
      finish(outcome) {
        if (finished) return finished;
        if (entry.timer) clock.clearTimer(entry.timer);
        if (active.get(job.id) === entry) active.delete(job.id);
        const endedAtMs = clock.now();
        const status: CronRunStatus =
          deps.stopping() && outcome.status !== "ok" ? "interrupted" : outcome.status;
        finished = { ...run, endedAtMs, status, deliveryStatus: outcome.deliveryStatus };
        if (outcome.error) finished.error = outcome.error;
        if (outcome.summary) finished.summary = outcome.summary;
        if (outcome.sessionKey) finished.sessionKey = outcome.sessionKey;
        if (outcome.deliveryError) finished.deliveryError = outcome.deliveryError;
        store.endRun(run.runId, {
          ...finished,
          endedAtMs,
          status: finished.status as Exclude<CronRunStatus, "running">,
        });
        applyEnd(job.id, finished);
        if (outcome.lateDelivery) settleLate(job.id, finished, outcome.lateDelivery);
        emit({
          jobId: job.id,
          action: "finished",
          runId: run.runId,
          runAtMs: startedAtMs,
          durationMs: endedAtMs - startedAtMs,
          status: finished.status as Exclude<CronRunStatus, "running">,
          deliveryStatus: finished.deliveryStatus,
          ...(finished.error ? { error: finished.error } : {}),
          ...(finished.summary ? { summary: finished.summary } : {}),
          ...(deps.dueAt(job.id) !== undefined ? { nextRunAtMs: deps.dueAt(job.id) } : {}),
        });
        resolveDone(finished);
        deps.arm();
        return finished;
      },
    };
    active.set(job.id, entry);
    if (timeoutMs > 0)
      entry.timer = clock.setTimer(() => {
        controller.abort(new Error("cron: job execution timed out"));
        entry.finish({
          status: "timeout",
          error: `cron: job execution timed out after ${Math.round(timeoutMs / 1000)} s`,
          deliveryStatus: job.delivery?.mode === "announce" ? "not-delivered" : "not-requested",
        });
      }, timeoutMs);
    emit({ jobId: job.id, action: "started", runId: run.runId, runAtMs: startedAtMs });
    void executePayload(job, ports, controller.signal).then(
      (outcome) => entry.finish(outcome),
      (error: unknown) =>
        entry.finish({ status: "error", error: errorMessage(error), deliveryStatus: "not-requested" }),
    );
    return entry;
  };

  return { recordUnrun, applyEnd, startRun };
}

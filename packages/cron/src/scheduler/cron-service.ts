/**
 * The scheduler: jobs and runs in the store, one timer armed for the earliest due job (re-armed
 * at least every minute), single-flight per job, a timeout per run, a stuck-run detector, failure
 * backoff, and catch-up at start. In memory it keeps only each enabled job's next due time.
 */
import { randomUUID } from "node:crypto";
import type { CronPorts } from "../ports.js";
import { nextRunAfter } from "../schedule/next-run.js";
import type { CatchUpPolicy, CronJob, CronJobCreate, CronJobPatch, CronRun } from "../schema/job.js";
import type { CronStore, JobQuery, RunQuery } from "../store/cron-store.js";
import { planCatchUp } from "./catch-up.js";
import { type Clock, systemClock, type TimerHandle } from "./clock.js";
import { errorMessage } from "./execute-payload.js";
import { createJob, ctxOf, jobNotFound, patchJob } from "./job-rules.js";
import { type ActiveRun, type CronEvent, createRunLifecycle } from "./run-lifecycle.js";

export type { CronEvent } from "./run-lifecycle.js";

export interface CronServiceOptions {
  store: CronStore;
  ports: CronPorts;
  clock?: Clock;
  /** Policy for jobs without `catchUp` (default "once"). */
  defaultCatchUp?: CatchUpPolicy;
  /** Run timeout when the payload sets none (default 600 s). */
  defaultTimeoutSeconds?: number;
  /** Most catch-up runs per job at start under the "all" policy (default 10). */
  maxCatchUpRuns?: number;
  /** Finished runs kept per job (default 200). */
  runHistoryLimit?: number;
  /** A run this long past its deadline is ended as stuck (default 60 s). */
  stuckGraceMs?: number;
  /** Deadline of runs with no timeout (`timeoutSeconds: 0`) for the stuck detector (default 2 h). */
  maxRunMs?: number;
  onEvent?(event: CronEvent): void;
  onProblem?(message: string, fields?: Record<string, unknown>): void;
  newId?: () => string;
}

export interface StartReport {
  jobs: number;
  interrupted: number;
  missed: number;
  catchUpRuns: number;
}

export interface CronService {
  /** Ends runs a previous process left running, handles missed due times, arms the timer. */
  start(): Promise<StartReport>;
  /** Disarms the timer and aborts running runs (recorded as interrupted). */
  stop(): Promise<void>;
  add(input: CronJobCreate): CronJob;
  /** Adds a job under an id it already has (an import); false when a job with that id exists. */
  adopt(id: string, input: CronJobCreate): boolean;
  update(id: string, patch: CronJobPatch): CronJob;
  remove(id: string): boolean;
  get(id: string): CronJob | undefined;
  list(query?: Partial<JobQuery>): { jobs: CronJob[]; total: number };
  /**
   * Runs a job now ("force") or only when it is due ("due"), and resolves when the run ended.
   * `ran: false` says why nothing ran (not due, already running, disabled with "if-enabled").
   */
  run(
    id: string,
    mode?: "force" | "due" | "if-enabled",
  ): Promise<{ ran: boolean; reason?: string; run?: CronRun }>;
  runs(query?: Partial<RunQuery>): { runs: CronRun[]; total: number };
  /** Starts every due job and ends stuck runs; called by the timer. */
  tick(): void;
  /** The earliest due time of an enabled job. */
  nextWakeAtMs(): number | undefined;
  /** Job ids with a run going now. */
  running(): string[];
}

const MAX_TIMER_DELAY_MS = 60_000;

/**
 * @example
 * const cron = createCronService({ store: openCronStore(db), ports });
 * await cron.start();
 * cron.add({ name: "standup", schedule: { kind: "cron", expr: "0 9 * * 1-5", tz: "Europe/Berlin" },
 *   payload: { kind: "agentTurn", message: "Summarise my calendar for today." } });
 */
export function createCronService(options: CronServiceOptions): CronService {
  const { store, ports } = options;
  const clock = options.clock ?? systemClock();
  const newId = options.newId ?? randomUUID;
  const defaultTimeoutMs = (options.defaultTimeoutSeconds ?? 600) * 1000;
  const stuckGraceMs = options.stuckGraceMs ?? 60_000;
  const maxRunMs = options.maxRunMs ?? 2 * 3_600_000;
  const historyLimit = options.runHistoryLimit ?? 200;
  const due = new Map<string, number>();
  const active = new Map<string, ActiveRun>();
  let timer: TimerHandle | undefined;
  let started = false;
  let stopped = false;

  const emit = (event: CronEvent) => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      options.onProblem?.("cron event listener failed", { error: errorMessage(error) });
    }
  };

  const remember = (job: CronJob) => {
    if (job.enabled && job.state.nextRunAtMs !== undefined) due.set(job.id, job.state.nextRunAtMs);
    else due.delete(job.id);
  };
  const save = (job: CronJob) => {
    store.putJob(job);
    remember(job);
  };
  const mustGet = (id: string): CronJob => {
    const job = store.getJob(id);
    if (!job) throw jobNotFound(id);
    return job;
  };

  const nextWakeAtMs = () => {
    let min: number | undefined;
    for (const at of due.values()) if (min === undefined || at < min) min = at;
    return min;
  };

  const arm = () => {
    if (!started || stopped) return;
    if (timer) clock.clearTimer(timer);
    const next = nextWakeAtMs();
    const delay =
      next === undefined ? MAX_TIMER_DELAY_MS : Math.min(Math.max(0, next - clock.now()), MAX_TIMER_DELAY_MS);
    timer = clock.setTimer(() => {
      timer = undefined;
      service.tick();
    }, delay);
  };

  const { recordUnrun, applyEnd, startRun } = createRunLifecycle({
    store,
    ports,
    clock,
    newId,
    active,
    emit,
    save,
    forget: (id) => due.delete(id),
    dueAt: (id) => due.get(id),
    stopping: () => stopped,
    arm: () => arm(),
    defaultTimeoutMs,
    maxRunMs,
    historyLimit,
  });

  /** A scheduled due time arrived: claim it (advance the job first, so a crash never repeats it), then run. */
  const fire = (id: string, scheduledAtMs: number) => {
    const job = store.getJob(id);
    if (!job?.enabled) {
      due.delete(id);
      return;
    }
    const now = clock.now();
    const advanced: CronJob = { ...job, state: { ...job.state } };
    if (job.schedule.kind === "at") delete advanced.state.nextRunAtMs;
    else {
      const next = nextRunAfter(job.schedule, Math.max(now, scheduledAtMs), ctxOf(job));
      if (next === undefined) delete advanced.state.nextRunAtMs;
      else advanced.state.nextRunAtMs = next;
    }
    const running = active.get(id);
    if (running) {
      save(advanced);
      recordUnrun(
        job,
        scheduledAtMs,
        "skipped",
        `not run: the previous run (${running.runId}) was still going`,
      );
      return;
    }
    save(advanced);
    startRun(advanced, "schedule", scheduledAtMs);
  };

  const service: CronService = {
    async start() {
      started = true;
      stopped = false;
      const report: StartReport = { jobs: 0, interrupted: 0, missed: 0, catchUpRuns: 0 };
      const now = clock.now();
      for (const run of store.runningRuns()) {
        if (active.has(run.jobId)) continue;
        const ended: CronRun = {
          ...run,
          endedAtMs: now,
          status: "interrupted",
          error: "interrupted: the gateway stopped during this run (it is not retried)",
        };
        store.endRun(run.runId, { ...ended, endedAtMs: now, status: "interrupted" });
        applyEnd(run.jobId, ended);
        report.interrupted++;
      }
      const catchUps: { job: CronJob; times: number[] }[] = [];
      for (const job of store.loadJobs((id, problem) =>
        options.onProblem?.(`cron job ${id} is unreadable and was not loaded: ${problem}`, { jobId: id }),
      )) {
        report.jobs++;
        const plan = planCatchUp(job, now, {
          defaultPolicy: options.defaultCatchUp ?? "once",
          maxRuns: options.maxCatchUpRuns ?? 10,
        });
        if (!plan) {
          remember(job);
          continue;
        }
        const next: CronJob = { ...job, state: { ...job.state } };
        if (plan.nextRunAtMs === undefined) delete next.state.nextRunAtMs;
        else next.state.nextRunAtMs = plan.nextRunAtMs;
        if (job.schedule.kind === "at" && plan.run.length === 0) next.enabled = false;
        save(next);
        plan.missed.forEach((at, i) => {
          const last = i === plan.missed.length - 1;
          const summary = `missed: due ${new Date(at).toISOString()} while the gateway was down (catchUp ${job.catchUp ?? options.defaultCatchUp ?? "once"})${last && plan.moreMissed ? "; more missed times are not listed" : ""}`;
          if (recordUnrun(job, at, "missed", summary)) report.missed++;
        });
        if (plan.run.length > 0) catchUps.push({ job: next, times: plan.run });
      }
      for (const { job, times } of catchUps) {
        report.catchUpRuns += times.length;
        void (async () => {
          for (const at of times) {
            if (stopped) return;
            const current = store.getJob(job.id);
            if (!current) return;
            await startRun(current, "catch-up", at)?.done;
          }
        })();
      }
      arm();
      return report;
    },

    async stop() {
      stopped = true;
      if (timer) clock.clearTimer(timer);
      timer = undefined;
      for (const entry of [...active.values()]) {
        entry.controller.abort(new Error("cron: the gateway is stopping"));
        entry.finish({
          status: "error",
          error: "interrupted: the gateway stopped during this run",
          deliveryStatus: "not-requested",
        });
      }
    },

    add(input) {
      const job = createJob(input, newId(), clock.now());
      save(job);
      emit({
        jobId: job.id,
        action: "added",
        ...(job.state.nextRunAtMs !== undefined ? { nextRunAtMs: job.state.nextRunAtMs } : {}),
      });
      arm();
      return job;
    },

    adopt(id, input) {
      if (store.getJob(id)) return false;
      const job = createJob(input, id, clock.now());
      save(job);
      emit({
        jobId: job.id,
        action: "added",
        ...(job.state.nextRunAtMs !== undefined ? { nextRunAtMs: job.state.nextRunAtMs } : {}),
      });
      arm();
      return true;
    },

    update(id, patch) {
      const job = patchJob(mustGet(id), patch, clock.now());
      save(job);
      emit({
        jobId: id,
        action: "updated",
        ...(job.state.nextRunAtMs !== undefined ? { nextRunAtMs: job.state.nextRunAtMs } : {}),
      });
      arm();
      return job;
    },

    remove(id) {
      active.get(id)?.controller.abort(new Error("cron: the job was removed"));
      const removed = store.deleteJob(id);
      due.delete(id);
      if (removed) emit({ jobId: id, action: "removed" });
      arm();
      return removed;
    },

    get: (id) => store.getJob(id),

    list: (query = {}) =>
      store.listJobs({
        limit: query.limit ?? 200,
        offset: query.offset ?? 0,
        includeDisabled: query.includeDisabled ?? true,
        ...(query.agentId ? { agentId: query.agentId } : {}),
        ...(query.query ? { query: query.query } : {}),
      }),

    async run(id, mode = "force") {
      const job = mustGet(id);
      if (mode === "if-enabled" && !job.enabled) return { ran: false, reason: "disabled" };
      if (mode === "due" && (job.state.nextRunAtMs === undefined || job.state.nextRunAtMs > clock.now()))
        return { ran: false, reason: "not-due" };
      if (active.has(id)) return { ran: false, reason: "already-running" };
      const entry = startRun(job, "manual");
      const run = await entry?.done;
      return run ? { ran: true, run } : { ran: false, reason: "already-running" };
    },

    runs: (query = {}) =>
      store.listRuns({
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
        sortDir: query.sortDir ?? "desc",
        ...(query.jobId ? { jobId: query.jobId } : {}),
        ...(query.statuses ? { statuses: query.statuses } : {}),
      }),

    tick() {
      if (!started || stopped) return;
      const now = clock.now();
      for (const [jobId, entry] of active)
        if (now > entry.deadline + stuckGraceMs) {
          entry.controller.abort(new Error("cron: stuck run ended"));
          entry.finish({
            status: "timeout",
            error: `stuck: still running ${Math.round((now - entry.deadline) / 1000)} s past its deadline; ended`,
            deliveryStatus: "not-requested",
          });
          options.onProblem?.("cron: ended a stuck run", { jobId, runId: entry.runId });
        }
      const fired: [string, number][] = [];
      for (const [id, at] of due) if (at <= now) fired.push([id, at]);
      for (const [id, at] of fired) {
        try {
          fire(id, at);
        } catch (error) {
          due.delete(id);
          options.onProblem?.(`cron job ${id} could not start: ${errorMessage(error)}`, { jobId: id });
        }
      }
      arm();
    },

    nextWakeAtMs,
    running: () => [...active.keys()],
  };
  return service;
}

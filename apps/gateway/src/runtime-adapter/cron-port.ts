/** The gateway's cron port: @claw/cron's service on the wire (pages, OpenClaw run entries, errors). */
import {
  CronJobError,
  type CronScratchStore,
  type CronService,
  jobNotFound,
  runToLogEntry,
} from "@claw/cron";
import { type CronPort, RuntimeError } from "@claw/gateway";

const page = (total: number, offset: number, limit: number, count: number) => ({
  total,
  offset,
  limit,
  hasMore: offset + count < total,
  nextOffset: offset + count < total ? offset + count : null,
});

/**
 * Service errors become wire errors a client can act on (unknown id → NOT_FOUND with OpenClaw's
 * `CRON_JOB_NOT_FOUND` details, bad job → INVALID).
 */
async function guarded<T>(work: () => T | Promise<T>, jobId?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CronJobError)
      throw new RuntimeError(
        error.code,
        error.message,
        error.code === "NOT_FOUND" && jobId ? { code: "CRON_JOB_NOT_FOUND", jobId } : undefined,
      );
    if (error instanceof RangeError) throw new RuntimeError("INVALID", error.message);
    throw error;
  }
}

/** What `cron.status` and `cron.scratch.*` need besides the service. */
export interface CronPortExtras {
  enabled(): boolean;
  storePath: string;
  scratch: CronScratchStore;
}

export function createCronPort(service: CronService, extras: CronPortExtras): CronPort {
  const mustExist = (id: string) => {
    const job = service.get(id);
    if (!job) throw jobNotFound(id);
    return job;
  };
  return {
    status: async () => ({
      enabled: extras.enabled(),
      storePath: extras.storePath,
      jobs: service.list({ limit: 1 }).total,
      nextWakeAtMs: extras.enabled() ? (service.nextWakeAtMs() ?? null) : null,
    }),
    get: (id) => guarded(() => mustExist(id), id),
    scratchGet: (id) =>
      guarded(() => {
        mustExist(id);
        return extras.scratch.get(id);
      }, id),
    scratchSet: (id, content, expectedRevision) =>
      guarded(() => {
        mustExist(id);
        return extras.scratch.set(id, content, expectedRevision !== undefined ? { expectedRevision } : {});
      }, id),
    list: (params) =>
      guarded(() => {
        const limit = params.limit ?? 200;
        const offset = params.offset ?? 0;
        const enabled = params.enabled ?? (params.includeDisabled === false ? "enabled" : "all");
        const { jobs, total } = service.list({
          limit,
          offset,
          includeDisabled: enabled !== "enabled",
          ...(params.agentId ? { agentId: params.agentId } : {}),
          ...(params.query ? { query: params.query } : {}),
        });
        const shown = enabled === "disabled" ? jobs.filter((j) => !j.enabled) : jobs;
        return { jobs: shown, ...page(total, offset, limit, jobs.length) };
      }),
    add: (params) => guarded(() => service.add(params)),
    update: (id, patch) => guarded(() => service.update(id, patch), id),
    remove: (id) => guarded(() => service.remove(id), id),
    run: (id, mode) =>
      guarded(async () => {
        const outcome = await service.run(id, mode);
        if (!outcome.ran || !outcome.run)
          return { ok: true as const, ran: false, reason: outcome.reason ?? "not run" };
        const entry = runToLogEntry(outcome.run);
        return {
          ok: true as const,
          ran: true,
          runId: outcome.run.runId,
          ...(entry.status ? { status: entry.status } : {}),
          ...(entry.error ? { error: entry.error } : {}),
          ...(entry.summary ? { summary: entry.summary } : {}),
        };
      }, id),
    runs: (params) =>
      guarded(() => {
        const limit = params.limit ?? 50;
        const offset = params.offset ?? 0;
        const jobId = params.scope === "all" ? undefined : (params.id ?? params.jobId);
        const wanted =
          params.statuses ?? (params.status && params.status !== "all" ? [params.status] : undefined);
        const statuses = wanted?.flatMap((s) =>
          s === "ok"
            ? ["ok" as const]
            : s === "skipped"
              ? ["skipped" as const, "missed" as const]
              : ["error" as const, "timeout" as const, "interrupted" as const],
        );
        const { runs, total } = service.runs({
          limit,
          offset,
          sortDir: params.sortDir ?? "desc",
          ...(jobId ? { jobId } : {}),
          ...(statuses ? { statuses } : {}),
        });
        return { entries: runs.map(runToLogEntry), ...page(total, offset, limit, runs.length) };
      }),
  };
}

/**
 * The agent's `cron` tool: create reminders and scheduled turns from a conversation, list,
 * change, run and remove them. Bad input comes back as an error result saying what to write.
 */
import { type AgentTool, errorResult, textResult } from "@claw/providers";
import Type, { type Static } from "typebox";
import { ScheduleError } from "../schedule/next-run.js";
import { parseScheduleInput } from "../schedule/schedule-input.js";
import type { CronService } from "../scheduler/cron-service.js";
import { CronJobError } from "../scheduler/job-rules.js";
import type { CronJob, CronJobCreate, CronSchedule } from "../schema/job.js";

/** The tool's name, for offered-tool lists and policy. */
export const CRON_TOOL_NAME = "cron";

export const CronToolParams = Type.Object({
  action: Type.Union(
    [
      Type.Literal("list"),
      Type.Literal("add"),
      Type.Literal("update"),
      Type.Literal("remove"),
      Type.Literal("run"),
      Type.Literal("runs"),
    ],
    { description: "What to do." },
  ),
  id: Type.Optional(Type.String({ description: "Job id (update, remove, run, runs)." })),
  name: Type.Optional(Type.String({ description: "Short job name (add)." })),
  at: Type.Optional(
    Type.String({
      description:
        'One-shot: an ISO time with offset ("2026-03-01T09:00:00+01:00") or a delay ("20m", "2h").',
    }),
  ),
  every: Type.Optional(Type.String({ description: 'Repeat interval: "30m", "1h", "1d".' })),
  cron: Type.Optional(
    Type.String({ description: 'Cron expression, 5 fields or 6 with seconds: "0 9 * * 1-5".' }),
  ),
  tz: Type.Optional(Type.String({ description: 'IANA time zone of the cron expression: "Europe/Berlin".' })),
  message: Type.Optional(
    Type.String({ description: "What the agent should do when the job runs (an isolated agent turn)." }),
  ),
  systemEvent: Type.Optional(
    Type.String({
      description: "Instead of message: a note injected into the main session at the next heartbeat.",
    }),
  ),
  deliverTo: Type.Optional(
    Type.Object(
      { channel: Type.String(), to: Type.Optional(Type.String()), threadId: Type.Optional(Type.String()) },
      { description: 'Announce the result to a channel; channel "last" is where the user last wrote.' },
    ),
  ),
  enabled: Type.Optional(Type.Boolean()),
});
export type CronToolParams = Static<typeof CronToolParams>;

const describeJob = (job: CronJob): string => {
  const s = job.schedule;
  const when =
    s.kind === "at"
      ? `at ${s.at}`
      : s.kind === "every"
        ? `every ${s.everyMs / 1000} s`
        : `cron "${s.expr}"${s.tz ? ` (${s.tz})` : ""}`;
  const next =
    job.state.nextRunAtMs !== undefined ? `, next ${new Date(job.state.nextRunAtMs).toISOString()}` : "";
  return `${job.id} "${job.name}" ${when}${job.enabled ? "" : " (disabled)"}${next}`;
};

function scheduleOf(params: CronToolParams, nowMs: number): CronSchedule | string {
  try {
    return parseScheduleInput(params, nowMs);
  } catch (error) {
    return error instanceof ScheduleError ? error.message : String(error);
  }
}

/**
 * @example
 * agent.tools.push(createCronTool(cronService));
 */
export function createCronTool(
  service: CronService,
  now: () => number = Date.now,
): AgentTool<typeof CronToolParams, CronToolParams> {
  return {
    name: CRON_TOOL_NAME,
    label: "Scheduled jobs",
    description:
      "Schedule reminders and recurring agent turns (at / every / cron with a time zone), and list, update, run or remove them.",
    parameters: CronToolParams,
    async execute(params, context) {
      const needId = () => {
        if (!params.id)
          throw new CronJobError(
            `${params.action} needs the job id — call cron with action "list" to see them`,
          );
        return params.id;
      };
      try {
        switch (params.action) {
          case "list": {
            const { jobs, total } = service.list({
              limit: 50,
              ...(context.agentId ? { agentId: context.agentId } : {}),
            });
            return textResult(
              jobs.length === 0 ? "No cron jobs." : `${total} job(s):\n${jobs.map(describeJob).join("\n")}`,
              { jobs },
            );
          }
          case "add": {
            if (!params.name) return errorResult('add needs a name, e.g. name: "water the plants"');
            if ((params.message === undefined) === (params.systemEvent === undefined))
              return errorResult(
                "add needs exactly one of message (an agent turn) or systemEvent (a note for the main session)",
              );
            const schedule = scheduleOf(params, now());
            if (typeof schedule === "string") return errorResult(schedule);
            const input: CronJobCreate = {
              name: params.name,
              schedule,
              payload:
                params.message !== undefined
                  ? { kind: "agentTurn", message: params.message }
                  : { kind: "systemEvent", text: params.systemEvent as string },
              ...(context.agentId ? { agentId: context.agentId } : {}),
              ...(context.sessionKey ? { sessionKey: context.sessionKey } : {}),
              ...(params.enabled !== undefined ? { enabled: params.enabled } : {}),
              ...(params.deliverTo ? { delivery: { mode: "announce" as const, ...params.deliverTo } } : {}),
              ...(schedule.kind === "at" ? { deleteAfterRun: true } : {}),
            };
            const job = service.add(input);
            return textResult(`Added ${describeJob(job)}.`, { job });
          }
          case "update": {
            const id = needId();
            const schedule =
              (params.at ?? params.every ?? params.cron) ? scheduleOf(params, now()) : undefined;
            if (typeof schedule === "string") return errorResult(schedule);
            const job = service.update(id, {
              ...(params.name ? { name: params.name } : {}),
              ...(schedule ? { schedule } : {}),
              ...(params.enabled !== undefined ? { enabled: params.enabled } : {}),
              ...(params.message ? { payload: { kind: "agentTurn" as const, message: params.message } } : {}),
              ...(params.systemEvent
                ? { payload: { kind: "systemEvent" as const, text: params.systemEvent } }
                : {}),
            });
            return textResult(`Updated ${describeJob(job)}.`, { job });
          }
          case "remove": {
            const id = needId();
            return service.remove(id)
              ? textResult(`Removed ${id}.`)
              : errorResult(`no cron job "${id}" — call cron with action "list"`);
          }
          case "run": {
            const outcome = await service.run(needId(), "force");
            if (!outcome.ran) return errorResult(`not run: ${outcome.reason}`);
            return textResult(
              `Ran: ${outcome.run?.status}${outcome.run?.error ? ` (${outcome.run.error})` : ""}`,
              { run: outcome.run },
            );
          }
          case "runs": {
            const { runs } = service.runs({ limit: 20, ...(params.id ? { jobId: params.id } : {}) });
            const lines = runs.map(
              (r) =>
                `${new Date(r.startedAtMs).toISOString()} ${r.jobName}: ${r.status}${r.error ? ` — ${r.error}` : ""}`,
            );
            return textResult(lines.length === 0 ? "No runs yet." : lines.join("\n"), { runs });
          }
        }
      } catch (error) {
        if (error instanceof CronJobError || error instanceof ScheduleError)
          return errorResult(error.message);
        throw error;
      }
    },
  };
}

/** `cron.*` methods: thin calls into the cron port; OpenClaw clients may name a job `id` or `jobId`. */
import type { CronPort } from "../runtime.js";
import { RuntimeError } from "../runtime.js";
import type { MethodCall, MethodHandler } from "./types.js";

function cronPort({ ctx }: MethodCall<unknown>): CronPort {
  if (!ctx.ports.cron)
    throw new RuntimeError(
      "UNAVAILABLE",
      "cron: scheduled jobs are off on this gateway (cron.enabled is false)",
    );
  return ctx.ports.cron;
}

const jobIdOf = (params: { id: string } | { jobId: string }): string =>
  "id" in params ? params.id : params.jobId;

export const cronList: MethodHandler<"cron.list"> = (call) => cronPort(call).list(call.params);

export const cronAdd: MethodHandler<"cron.add"> = (call) => cronPort(call).add(call.params);

export const cronUpdate: MethodHandler<"cron.update"> = (call) =>
  cronPort(call).update(jobIdOf(call.params), call.params.patch);

export const cronRemove: MethodHandler<"cron.remove"> = async (call) => ({
  ok: true,
  removed: await cronPort(call).remove(jobIdOf(call.params)),
});

export const cronRun: MethodHandler<"cron.run"> = (call) =>
  cronPort(call).run(jobIdOf(call.params), call.params.mode ?? "force");

export const cronRuns: MethodHandler<"cron.runs"> = (call) => cronPort(call).runs(call.params);

export const cronStatus: MethodHandler<"cron.status"> = (call) => cronPort(call).status();

export const cronGet: MethodHandler<"cron.get"> = (call) => cronPort(call).get(jobIdOf(call.params));

export const cronScratchGet: MethodHandler<"cron.scratch.get"> = (call) =>
  cronPort(call).scratchGet(jobIdOf(call.params));

export const cronScratchSet: MethodHandler<"cron.scratch.set"> = (call) =>
  cronPort(call).scratchSet(jobIdOf(call.params), call.params.content, call.params.expectedRevision);

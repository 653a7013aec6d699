/** `claw cron add|edit` flags → a job (or a patch), with usage errors that name the flag to fix. */

import { type CronJobCreate, type CronJobPatch, parseScheduleInput, ScheduleError } from "@claw/cron";
import type { ParsedCommandArgs } from "../../args.js";
import { stringFlag } from "../../args.js";
import type { Flags } from "../../command-spec.js";
import { UsageError } from "../../context.js";

/** The flags `add` and `edit` share. */
export const JOB_FLAGS: Flags = {
  name: { type: "string", value: "NAME", summary: "job name" },
  at: {
    type: "string",
    value: "WHEN",
    summary: 'once: an ISO time ("2026-03-01T09:00+01:00") or a delay ("20m")',
  },
  every: { type: "string", value: "DURATION", summary: 'repeat: "30m", "2h", "1d"' },
  cron: {
    type: "string",
    value: "EXPR",
    summary: 'cron expression, 5 fields or 6 with seconds ("0 9 * * 1-5")',
  },
  tz: { type: "string", value: "ZONE", summary: 'IANA time zone of --cron ("Europe/Berlin")' },
  message: { type: "string", short: "m", value: "TEXT", summary: "run an agent turn with this message" },
  "system-event": {
    type: "string",
    value: "TEXT",
    summary: "instead: queue a note for the main session's next heartbeat",
  },
  session: {
    type: "string",
    value: "TARGET",
    summary: 'isolated (default for turns), main, or "session:KEY"',
  },
  wake: { type: "boolean", summary: "a system event wakes the heartbeat now" },
  model: { type: "string", value: "P/M", summary: "model for this job's turns" },
  thinking: { type: "string", value: "LEVEL", summary: "thinking level for this job's turns" },
  timeout: { type: "string", value: "SECONDS", summary: "run timeout (default cron.jobTimeoutSeconds)" },
  tools: { type: "string", value: "LIST", summary: "tools the job's turns may call, comma-separated" },
  announce: {
    type: "string",
    value: "CHANNEL",
    summary: 'deliver the reply to a channel ("telegram", or "last")',
  },
  to: { type: "string", value: "PEER", summary: "the chat or user on --announce's channel" },
  thread: { type: "string", value: "ID", summary: "the thread on --announce's channel" },
  "catch-up": {
    type: "string",
    value: "POLICY",
    summary: "missed while the gateway was down: once (default), skip, all",
  },
  agent: { type: "string", value: "ID", summary: "agent id (default: the default agent)" },
};

const CATCH_UP = ["once", "skip", "all"] as const;

function schedule(values: ParsedCommandArgs["values"], nowMs: number) {
  const input = {
    ...(stringFlag(values, "at") !== undefined ? { at: stringFlag(values, "at") } : {}),
    ...(stringFlag(values, "every") !== undefined ? { every: stringFlag(values, "every") } : {}),
    ...(stringFlag(values, "cron") !== undefined ? { cron: stringFlag(values, "cron") } : {}),
    ...(stringFlag(values, "tz") !== undefined ? { tz: stringFlag(values, "tz") } : {}),
  };
  if (Object.keys(input).length === 0) return undefined;
  try {
    return parseScheduleInput(input, nowMs);
  } catch (error) {
    if (error instanceof ScheduleError)
      throw new UsageError(
        error.message,
        'e.g. --every 30m, --at 20m, or --cron "0 9 * * *" --tz Europe/Berlin',
      );
    throw error;
  }
}

function payload(values: ParsedCommandArgs["values"]): CronJobCreate["payload"] | undefined {
  const message = stringFlag(values, "message");
  const event = stringFlag(values, "system-event");
  if (message !== undefined && event !== undefined)
    throw new UsageError("give --message or --system-event, not both");
  const timeout = stringFlag(values, "timeout");
  if (timeout !== undefined && !/^\d+$/.test(timeout))
    throw new UsageError(`--timeout must be whole seconds, got "${timeout}"`, "e.g. --timeout 300");
  const tools = stringFlag(values, "tools");
  const turnOnly = ["model", "thinking", "timeout", "tools"].filter(
    (f) => stringFlag(values, f) !== undefined,
  );
  if (message === undefined && turnOnly.length > 0)
    throw new UsageError(`--${turnOnly[0]} belongs to an agent turn: give --message TEXT with it`);
  if (event !== undefined) return { kind: "systemEvent", text: event };
  if (message === undefined) return undefined;
  return {
    kind: "agentTurn",
    message,
    ...(stringFlag(values, "model") ? { model: stringFlag(values, "model") } : {}),
    ...(stringFlag(values, "thinking") ? { thinking: stringFlag(values, "thinking") } : {}),
    ...(timeout !== undefined ? { timeoutSeconds: Number(timeout) } : {}),
    ...(tools
      ? {
          toolsAllow: tools
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

/** Job fields other than schedule and payload that a flag set. */
function common(
  values: ParsedCommandArgs["values"],
): Omit<CronJobCreate, "schedule" | "payload" | "name"> & { name?: string } {
  const catchUp = stringFlag(values, "catch-up");
  if (catchUp !== undefined && !(CATCH_UP as readonly string[]).includes(catchUp))
    throw new UsageError(`--catch-up must be once, skip or all, got "${catchUp}"`);
  const session = stringFlag(values, "session");
  if (session !== undefined && !["main", "isolated"].includes(session) && !session.startsWith("session:"))
    throw new UsageError(`--session must be isolated, main or session:KEY, got "${session}"`);
  const announce = stringFlag(values, "announce");
  const thread = stringFlag(values, "thread");
  return {
    ...(stringFlag(values, "name") ? { name: stringFlag(values, "name") } : {}),
    ...(stringFlag(values, "agent") ? { agentId: stringFlag(values, "agent") } : {}),
    ...(session ? { sessionTarget: session } : {}),
    ...(values.wake === true ? { wakeMode: "now" as const } : {}),
    ...(catchUp ? { catchUp: catchUp as (typeof CATCH_UP)[number] } : {}),
    ...(announce
      ? {
          delivery: {
            mode: "announce" as const,
            channel: announce,
            ...(stringFlag(values, "to") ? { to: stringFlag(values, "to") } : {}),
            ...(thread ? { threadId: thread } : {}),
          },
        }
      : {}),
  };
}

export function jobFromFlags(values: ParsedCommandArgs["values"], nowMs: number): CronJobCreate {
  const name = stringFlag(values, "name");
  if (!name)
    throw new UsageError(
      "cron add needs --name",
      'e.g. claw cron add --name standup --cron "0 9 * * 1-5" -m "Plan my day"',
    );
  const when = schedule(values, nowMs);
  if (!when) throw new UsageError("cron add needs one of --at, --every or --cron");
  const what = payload(values);
  if (!what) throw new UsageError("cron add needs --message TEXT (an agent turn) or --system-event TEXT");
  return {
    ...common(values),
    name,
    schedule: when,
    payload: what,
    ...(values.disabled === true ? { enabled: false } : {}),
    ...(when.kind === "at" && values["keep-after-run"] !== true ? { deleteAfterRun: true } : {}),
  };
}

export function patchFromFlags(values: ParsedCommandArgs["values"], nowMs: number): CronJobPatch {
  const when = schedule(values, nowMs);
  const what = payload(values);
  const patch: CronJobPatch = {
    ...common(values),
    ...(when ? { schedule: when } : {}),
    ...(what ? { payload: what } : {}),
  };
  if (Object.keys(patch).length === 0)
    throw new UsageError("cron edit needs at least one change", "e.g. --every 1h or --message TEXT");
  return patch;
}

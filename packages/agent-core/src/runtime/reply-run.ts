/** A run that answers without the model: a slash command's reply, told like any answer. */
import type { RunEmitter } from "../events/event-bus.js";
import { emptyUsage, type RunResult } from "../loop/types.js";

export interface ReplyText {
  text: string;
  /** The command failed: the run ends in `error` with the text as its message. */
  error?: boolean;
}

/** Emits start, the text, and the terminal event (each marked `command`); returns the result. */
export function replyRun(runId: string, reply: ReplyText, emit: RunEmitter, now: () => number): RunResult {
  const at = now();
  emit("lifecycle", { phase: "start", startedAt: at, command: true });
  emit("assistant", { delta: reply.text, text: reply.text, command: true });
  if (reply.error)
    emit("lifecycle", {
      phase: "error",
      status: "error",
      error: reply.text,
      startedAt: at,
      endedAt: at,
      turns: 0,
      command: true,
    });
  else emit("lifecycle", { phase: "end", status: "ok", startedAt: at, endedAt: at, turns: 0, command: true });
  return {
    runId,
    status: reply.error ? "error" : "ok",
    text: reply.text,
    messages: [],
    usage: emptyUsage(),
    turns: 0,
    ...(reply.error ? { error: { message: reply.text } } : {}),
    startedAt: at,
    endedAt: at,
  };
}

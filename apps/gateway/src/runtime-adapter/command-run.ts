/**
 * Slash commands sent through `agent` / `chat.send` (`/status`, `/new`, `/model …`) are handled
 * before the model; their reply comes back as a short run of its own, so every client shows it
 * the same way as an answer.
 */
import { randomUUID } from "node:crypto";
import type { RunEvent, RunHandle, RunResult } from "@claw/gateway";

export function commandRunHandle(sessionKey: string, reply: { text: string; error?: boolean }): RunHandle {
  const runId = randomUUID();
  const ts = Date.now();
  const status: RunResult["status"] = reply.error ? "error" : "ok";
  const events: RunEvent[] = [
    {
      runId,
      seq: 1,
      stream: "lifecycle",
      ts,
      sessionKey,
      data: { phase: "start", startedAt: ts, command: true },
    },
    {
      runId,
      seq: 2,
      stream: "assistant",
      ts,
      sessionKey,
      data: { delta: reply.text, text: reply.text, command: true },
    },
    {
      runId,
      seq: 3,
      stream: "lifecycle",
      ts,
      sessionKey,
      data: reply.error
        ? { phase: "error", status, error: reply.text, startedAt: ts, endedAt: ts }
        : { phase: "end", status, startedAt: ts, endedAt: ts },
    },
  ];
  return {
    runId,
    events: {
      async *[Symbol.asyncIterator]() {
        yield* events;
      },
    },
    result: Promise.resolve({
      runId,
      status,
      text: reply.text,
      ...(reply.error ? { error: reply.text } : {}),
    }),
  };
}

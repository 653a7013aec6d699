/** The one mapping from a run's outcome to the wire: `agent`'s final answer and `agent.wait`. */
import type { AgentFinal, AgentWaitResult } from "@claw/protocol";
import type { RunOutcome } from "../runtime.js";

/**
 * @example
 * conn.respond(id, runResultToWire(await handle.result, "agent"));
 * // → { runId, status: "ok", summary: "…", result: { payloads: [{ text: "…" }] },
 * //     usage: { inputTokens, outputTokens, totalTokens, costUsd } }
 */
export function runResultToWire(result: RunOutcome, method: "agent"): AgentFinal;
export function runResultToWire(result: RunOutcome, method: "agent.wait"): AgentWaitResult;
export function runResultToWire(
  result: RunOutcome,
  method: "agent" | "agent.wait",
): AgentFinal | AgentWaitResult {
  const error = result.error ? { error: result.error.message } : {};
  if (method === "agent.wait") {
    return {
      runId: result.runId,
      status: result.status,
      ...(result.startedAt !== undefined ? { startedAt: result.startedAt } : {}),
      ...(result.endedAt !== undefined ? { endedAt: result.endedAt } : {}),
      ...error,
    };
  }
  return {
    runId: result.runId,
    status: result.status,
    ...(result.text !== undefined ? { summary: result.text } : {}),
    // OpenClaw's `openclaw agent` prints `result.payloads`; without them it prints nothing.
    ...(result.status === "ok" && result.text ? { result: { payloads: [{ text: result.text }] } } : {}),
    ...error,
    ...(result.usage
      ? {
          usage: {
            inputTokens: result.usage.input,
            outputTokens: result.usage.output,
            totalTokens: result.usage.totalTokens,
            ...(result.usage.cost ? { costUsd: result.usage.cost.total } : {}),
          },
        }
      : {}),
  };
}

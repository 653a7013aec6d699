/**
 * sessions_send: message another session, optionally wait for its reply, then (in the
 * background) let requester and target reply back and forth up to `maxPingPongTurns`, and finally
 * ask the target whether to announce the exchange to its channel.
 */
import { Type } from "typebox";
import type { RunResult } from "../loop/types.js";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import { ANNOUNCE_SKIP } from "../subagents/announce.js";
import type { TypedTool } from "../tools/types.js";
import { guarded, jsonResult, resolveSessionTarget } from "./resolve-target.js";

export const REPLY_SKIP = "REPLY_SKIP";
const DEFAULT_TIMEOUT_SECONDS = 30;

export interface SessionsSendOptions {
  /** Rounds of reply-back after the first reply (0–5, default 5). */
  maxPingPongTurns?: number;
  /** Messaging a session of another agent (default off). */
  agentToAgent?: { enabled: boolean; allow?: readonly string[] };
  /** Delivers the target's announce to its channel; without it the announce step is skipped. */
  announce?: (targetSessionKey: string, text: string) => void | Promise<void>;
  /** Told when the background exchange fails (nothing fails silently). */
  onProblem?: (message: string) => void;
}

const SendParams = Type.Object({
  sessionKey: Type.String({ description: 'Target session key, "main", or a session id.' }),
  message: Type.String({ minLength: 1 }),
  timeoutSeconds: Type.Optional(Type.Number({ minimum: 0, description: "0 = do not wait (default 30)." })),
});

/**
 * @example
 * const tool = sessionsSendTool(runtime, { maxPingPongTurns: 2 });
 * await tool.execute({ sessionKey: "agent:main:discord:group:7", message: "Build is green", timeoutSeconds: 0 }, ctx);
 */
export function sessionsSendTool(
  runtime: AgentRuntime,
  options: SessionsSendOptions = {},
): TypedTool<typeof SendParams> {
  const maxTurns = Math.max(0, Math.min(5, options.maxPingPongTurns ?? 5));
  const onProblem = options.onProblem ?? ((message) => console.warn(`sessions_send: ${message}`));
  return {
    name: "sessions_send",
    label: "Send to session",
    description:
      "Send a message to another session and wait up to timeoutSeconds for its reply (0 = fire and forget).",
    parameters: SendParams,
    execute: (args, context) =>
      guarded(async () => {
        const requester = context.sessionKey;
        const target = await resolveSessionTarget(runtime, args.sessionKey, requester);
        if (target.sessionKey === requester)
          throw new Error("sessions_send cannot target the current session.");
        const from = runtime.resolveAgent(undefined, requester).id;
        if (target.agentId !== from) {
          const a2a = options.agentToAgent;
          if (!a2a?.enabled || (a2a.allow && !a2a.allow.includes("*") && !a2a.allow.includes(target.agentId)))
            throw new Error(
              `Agent "${from}" may not message agent "${target.agentId}": agent-to-agent messaging is off (tools.agentToAgent).`,
            );
        }
        const run = runtime.run({
          sessionKey: target.sessionKey,
          message: `[message from session ${requester ?? "unknown"}]\n${args.message}`,
          lane: "nested",
        });
        const exchange = run.result.then((first) =>
          requester
            ? replyBack(runtime, requester, target.sessionKey, args.message, first, maxTurns, options)
            : undefined,
        );
        void exchange.catch((error: unknown) =>
          onProblem(String(error instanceof Error ? error.message : error)),
        );
        const timeout = args.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
        if (timeout === 0) return jsonResult({ runId: run.runId, status: "accepted" });
        const result = await runtime.wait(run.runId, timeout * 1000);
        if (!result)
          return jsonResult({
            runId: run.runId,
            status: "timeout",
            error: `No reply within ${timeout}s; the run continues. Check sessions_history later.`,
          });
        if (result.status !== "ok")
          return jsonResult({
            runId: run.runId,
            status: "error",
            error: result.error?.message ?? result.status,
          });
        return jsonResult({ runId: run.runId, status: "ok", reply: result.text });
      }),
  };
}

async function replyBack(
  runtime: AgentRuntime,
  requester: string,
  target: string,
  request: string,
  first: RunResult,
  maxTurns: number,
  options: SessionsSendOptions,
): Promise<void> {
  if (first.status !== "ok") return;
  let latest = first.text;
  for (let turn = 0; turn < maxTurns && latest.trim() !== REPLY_SKIP; turn++) {
    const [to, from] = turn % 2 === 0 ? [requester, target] : [target, requester];
    const result = await runtime.run({
      sessionKey: to,
      message: `[reply from session ${from}] (answer ${REPLY_SKIP} to end the exchange)\n${latest}`,
      lane: "nested",
    }).result;
    if (result.status !== "ok") return;
    latest = result.text;
  }
  if (!options.announce) return;
  const announce = await runtime.run({
    sessionKey: target,
    lane: "nested",
    message: [
      "[announce step] The agent-to-agent exchange is over.",
      `Original request: ${request}`,
      `First reply: ${first.text}`,
      `Latest reply: ${latest}`,
      `Write what to post to this session's channel, or reply exactly ${ANNOUNCE_SKIP} to stay silent.`,
    ].join("\n"),
  }).result;
  if (announce.status === "ok" && announce.text.trim() !== ANNOUNCE_SKIP && announce.text.trim() !== "")
    await options.announce(target, announce.text);
}

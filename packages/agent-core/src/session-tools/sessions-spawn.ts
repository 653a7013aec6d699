/** sessions_spawn: start a subagent in the background; its result is announced to this session. */
import { Type } from "typebox";
import type { SubagentRegistry } from "../subagents/registry.js";
import type { TypedTool } from "../tools/types.js";
import { guarded, jsonResult } from "./resolve-target.js";

const SpawnParams = Type.Object({
  task: Type.String({ minLength: 1, description: "What the subagent should do." }),
  label: Type.Optional(Type.String()),
  agentId: Type.Optional(Type.String({ description: "Spawn under another agent (if allowed)." })),
  model: Type.Optional(Type.String({ description: '"provider/model" override.' })),
  thinking: Type.Optional(
    Type.Union([
      Type.Literal("off"),
      Type.Literal("minimal"),
      Type.Literal("low"),
      Type.Literal("medium"),
      Type.Literal("high"),
    ]),
  ),
  cleanup: Type.Optional(Type.Union([Type.Literal("keep"), Type.Literal("delete")])),
  runTimeoutSeconds: Type.Optional(Type.Number({ minimum: 0, description: "0 = no timeout." })),
  thread: Type.Optional(
    Type.Boolean({
      description:
        "Open a thread in this chat (Discord) bound to the subagent: its result is posted there, and messages in the thread go to it.",
    }),
  ),
  mode: Type.Optional(
    Type.Union([Type.Literal("run"), Type.Literal("session")], {
      description:
        '"run" (default): the subagent ends after its result; "session" (needs thread: true): it stays for follow-ups in its thread until /unfocus.',
    }),
  ),
});

/**
 * @example
 * const tool = sessionsSpawnTool(registry);
 * // model calls: sessions_spawn {task: "Summarise README.md"} → {status: "accepted", runId, childSessionKey}
 */
export function sessionsSpawnTool(registry: SubagentRegistry): TypedTool<typeof SpawnParams> {
  return {
    name: "sessions_spawn",
    label: "Spawn subagent",
    description:
      "Start a subagent on a task in the background. Returns at once; the result arrives later as a [subagent result] message.",
    parameters: SpawnParams,
    execute: (args, context) =>
      guarded(async () => {
        if (!context.sessionKey) throw new Error("sessions_spawn can only be called from a session.");
        const accepted = await registry.spawn({ ...args, parentSessionKey: context.sessionKey });
        return jsonResult(accepted);
      }),
  };
}

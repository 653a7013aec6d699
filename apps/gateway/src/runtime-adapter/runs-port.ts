/**
 * The gateway's runs port on agent-core's run registry: validates a request, answers slash
 * commands before the model (as reply runs), and hands everything else to the runtime as is.
 */
import { type AgentRuntime, type CommandOptions, handleCommand } from "@claw/agent-core";
import { type RunInput, type RunsPort, RuntimeError } from "@claw/gateway";
import { THINKING_LEVELS } from "@claw/ids";
import type { ThinkingLevel } from "@claw/providers";
import { type ModelResolver, unknownModelMessage } from "../assemble/models.js";

export const THINKING: readonly ThinkingLevel[] = THINKING_LEVELS;

export interface RunsPortParts {
  runtime: AgentRuntime;
  models: ModelResolver;
  /** Command handling (`/stop` children, `/compact`, …); commands are off when omitted. */
  commands?: CommandOptions;
}

export function createRunsPort({ runtime, models, commands }: RunsPortParts): RunsPort {
  const run = (input: RunInput, message = input.message) =>
    runtime.run({
      sessionKey: input.sessionKey,
      agentId: input.agentId,
      message,
      model: input.model,
      thinking: input.thinking as ThinkingLevel | undefined,
      senderIsOwner: true,
    });
  return {
    async start(input) {
      validate(input, runtime, models);
      if (commands && input.message.trimStart().startsWith("/")) {
        const reply = await handleCommand(runtime, input.sessionKey, input.message, {
          ...commands,
          senderIsOwner: true,
        });
        if (reply) {
          if (!reply.passThrough) return runtime.reply(input.sessionKey, reply);
          return run(input, reply.passThrough);
        }
      }
      return run(input);
    },
    abort: (target, reason = "aborted by a gateway client") => runtime.abort(target, reason),
    wait: (runId, timeoutMs) => runtime.wait(runId, timeoutMs),
    get: (runId) => runtime.get(runId),
    active: () => runtime.activeRuns(),
  };
}

/** Refuses an unknown thinking level, model or agent before a run is queued. */
function validate(input: RunInput, runtime: AgentRuntime, models: ModelResolver): void {
  if (input.thinking !== undefined && !THINKING.includes(input.thinking as ThinkingLevel)) {
    throw new RuntimeError(
      "INVALID",
      `thinking must be one of ${THINKING.join(", ")}; got "${input.thinking}"`,
      {
        code: "INVALID_THINKING",
      },
    );
  }
  if (input.model !== undefined && !models.resolve(input.model)) {
    throw new RuntimeError("INVALID", unknownModelMessage(input.model, models.list()), {
      code: "UNKNOWN_MODEL",
    });
  }
  if (input.agentId !== undefined && !runtime.agents.some((a) => a.id === input.agentId)) {
    throw new RuntimeError(
      "INVALID",
      `Unknown agent "${input.agentId}". Known agents: ${runtime.agents.map((a) => a.id).join(", ")}.`,
      { code: "UNKNOWN_AGENT_ID" },
    );
  }
}

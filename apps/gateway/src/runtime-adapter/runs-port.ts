/**
 * The gateway's runs port on agent-core's run registry: validates a request, answers slash
 * commands before the model (as reply runs), and hands everything else to the runtime as is.
 * `accept` goes through agent-core's durable inbox: recorded in state.db before the ack, resumed
 * after a crash; `wait` and `get` fall back to the inbox for runs from before a restart.
 */
import {
  type AcceptedWork,
  type AgentRuntime,
  acceptedUserMessage,
  type CommandOptions,
  createDurableRuns,
  type DurableRuns,
  handleCommand,
  type InboxOutcome,
  type RunInbox,
} from "@claw/agent-core";
import { type RunInput, type RunOutcome, type RunsPort, RuntimeError } from "@claw/gateway";
import { resolveAgentIdAlias, THINKING_LEVELS } from "@claw/ids";
import type { ThinkingLevel, UserMessage } from "@claw/providers";
import { type ModelResolver, unknownModelMessage } from "../assemble/models.js";
import { prepareAttachments } from "./attachments.js";

export const THINKING: readonly ThinkingLevel[] = THINKING_LEVELS;

export interface RunsPortParts {
  runtime: AgentRuntime;
  models: ModelResolver;
  /** The durable inbox behind `accept` (table `run_inbox` in state.db). */
  inbox: RunInbox;
  /** Command handling (`/stop` children, `/compact`, …); commands are off when omitted. */
  commands?: CommandOptions;
  /** Problems of the inbox that must not throw (a failed outcome write, a failed resume). */
  onInboxError?: (message: string, fields: Record<string, unknown>) => void;
  /** Where an agent's workspace is (files sent with `chat.send` go to its inbox); no attachments without it. */
  workspaceOf?: (agentId: string) => string;
}

/** The runs port plus its durable inbox, which the app recovers at start and stops at shutdown. */
export type ClawRunsPort = RunsPort & { durable: DurableRuns };

export function createRunsPort({
  runtime,
  models,
  inbox,
  commands,
  onInboxError,
  workspaceOf,
}: RunsPortParts): ClawRunsPort {
  /** The message and images a run gets from the files sent with `input` (see attachments.ts). */
  const withAttachments = async (input: RunInput) => {
    const attachments = input.attachments ?? [];
    // A repeated idempotency key returns the first run: its files were saved then.
    if (attachments.length === 0 || inbox.byKey(input.idempotencyKey)) return { message: input.message };
    if (!workspaceOf)
      throw new RuntimeError(
        "INVALID",
        "attachments: this gateway takes no attachments (it has no agent workspaces)",
        {
          code: "INVALID_ATTACHMENT",
        },
      );
    const agent = runtime.resolveAgent(input.agentId, input.sessionKey);
    const modelRef =
      input.model ?? (await runtime.sessions.get(input.sessionKey))?.modelOverride ?? agent.model.primary;
    const prepared = await prepareAttachments(input.message, attachments, {
      workspaceDir: workspaceOf(agent.id),
      acceptsImages: models.resolve(modelRef)?.input.includes("image") ?? false,
    });
    return { message: prepared.message, ...(prepared.images.length > 0 ? { images: prepared.images } : {}) };
  };
  const run = (input: RunInput & { runId?: string }, message: string | UserMessage = input.message) =>
    runtime.run({
      sessionKey: input.sessionKey,
      agentId: input.agentId,
      message,
      model: input.model,
      thinking: input.thinking as ThinkingLevel | undefined,
      senderIsOwner: true,
      ...(input.runId ? { runId: input.runId } : {}),
    });
  /** A run for `input`: a command's reply, or the model run with `message` as the input. */
  const startRun = async (input: RunInput & { runId?: string }, message: string | UserMessage) => {
    if (commands && input.message.trimStart().startsWith("/")) {
      const reply = await handleCommand(runtime, input.sessionKey, input.message, {
        ...commands,
        senderIsOwner: true,
      });
      if (reply) {
        if (!reply.passThrough)
          return runtime.reply(input.sessionKey, reply, input.runId ? { runId: input.runId } : {});
        return run(input, reply.passThrough);
      }
    }
    return run(input, message);
  };
  const durable = createDurableRuns({
    inbox,
    sessions: runtime.sessions,
    start: (work: AcceptedWork) => startRun(work, acceptedUserMessage(work)),
    ...(onInboxError ? { onError: onInboxError } : {}),
  });
  return {
    durable,
    async start(input) {
      validate(input, runtime, models);
      return startRun(input, input.message);
    },
    async accept(input) {
      validate(input, runtime, models);
      const { thinking, attachments: _sent, ...request } = input;
      const accepted = await durable.accept({
        ...request,
        ...(await withAttachments(input)),
        // Checked by validate() above.
        ...(thinking ? { thinking: thinking as ThinkingLevel } : {}),
      });
      return {
        runId: accepted.runId,
        acceptedAt: accepted.acceptedAt,
        duplicate: accepted.duplicate,
        ...(accepted.handle ? { handle: accepted.handle } : {}),
        done: accepted.done.then((outcome) => toRunOutcome(accepted.runId, outcome)),
      };
    },
    abort: (target, reason = "aborted by a gateway client") => runtime.abort(target, reason),
    async wait(runId, timeoutMs) {
      if (runtime.get(runId)) return runtime.wait(runId, timeoutMs);
      const recorded = durable.outcome(runId);
      return recorded ? toRunOutcome(runId, recorded) : undefined;
    },
    get: (runId) => {
      const known = runtime.get(runId);
      if (known) return known;
      const recorded = inbox.byRunId(runId);
      return recorded ? { runId, sessionKey: recorded.sessionKey } : undefined;
    },
    active: () => runtime.activeRuns(),
  };
}

/** An inbox outcome (also one recorded before a restart) as the wire's run outcome. */
function toRunOutcome(runId: string, outcome: InboxOutcome): RunOutcome {
  const usage =
    outcome.inputTokens !== undefined && outcome.outputTokens !== undefined
      ? {
          usage: {
            input: outcome.inputTokens,
            output: outcome.outputTokens,
            totalTokens: outcome.inputTokens + outcome.outputTokens,
          },
        }
      : {};
  return {
    runId,
    status: outcome.status,
    ...(outcome.text !== undefined ? { text: outcome.text } : {}),
    ...(outcome.error !== undefined ? { error: { message: outcome.error } } : {}),
    ...usage,
    ...(outcome.startedAt !== undefined ? { startedAt: outcome.startedAt } : {}),
    endedAt: outcome.endedAt,
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
  const agentIds = runtime.agents.map((a) => a.id);
  if (
    input.agentId !== undefined &&
    resolveAgentIdAlias(input.agentId, agentIds, runtime.resolveAgent(undefined).id) === undefined
  ) {
    throw new RuntimeError(
      "INVALID",
      `Unknown agent "${input.agentId}". Known agents: ${runtime.agents.map((a) => a.id).join(", ")}.`,
      { code: "UNKNOWN_AGENT_ID" },
    );
  }
}

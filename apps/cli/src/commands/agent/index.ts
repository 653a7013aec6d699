/**
 * `claw agent -m "…"`: one agent turn, through the gateway by default (streamed `agent` events,
 * `expectFinal` for the terminal state) or in this process with `--local`.
 */
import { randomUUID } from "node:crypto";
import { type AgentEvent, type ClawClient, GatewayRequestError } from "@claw/client";
import { buildMainSessionKey, isThinkingLevel, scopeSessionKey, THINKING_LEVELS } from "@claw/ids";
import { type ParsedCommandArgs, stringFlag } from "../../args.js";
import { type CommandContext, type CommandModule, UsageError } from "../../context.js";
import { connectGateway } from "../../gateway-target.js";
import { runFlat } from "../../subcommands.js";
import { createRunRenderer } from "./render.js";

export interface AgentRequest {
  message: string;
  agentId: string | undefined;
  session: string | undefined;
  model: string | undefined;
  thinking: string | undefined;
}

/**
 * `--session work` is short for `agent:<agent>:work`; a full key is used as given; no session is
 * the agent's main session under `session.mainKey`.
 */
export function sessionKeyFor(agentId: string, session: string | undefined, mainKey?: string): string {
  return session === undefined ? buildMainSessionKey(agentId, mainKey) : scopeSessionKey(agentId, session);
}

function readRequest(values: ParsedCommandArgs["values"], positionals: string[]): AgentRequest {
  const message =
    stringFlag(values, "message") ?? (positionals.length > 0 ? positionals.join(" ") : undefined);
  if (message === undefined || message.trim() === "")
    throw new UsageError("claw agent needs a message", 'e.g. claw agent -m "summarise my notes"');
  const thinking = stringFlag(values, "thinking");
  if (thinking !== undefined && !isThinkingLevel(thinking))
    throw new UsageError(`--thinking must be one of ${THINKING_LEVELS.join(", ")}, got "${thinking}"`);
  return {
    message,
    agentId: stringFlag(values, "agent"),
    session: stringFlag(values, "session"),
    model: stringFlag(values, "model"),
    thinking,
  };
}

async function agent({ values, positionals }: ParsedCommandArgs, context: CommandContext): Promise<number> {
  const request = readRequest(values, positionals);
  const json = values.json === true;
  if (values.local) {
    const { runLocal } = await import("./local.js");
    return runLocal(request, context, json);
  }
  const { client } = await connectGateway(context, values);
  try {
    return await runThroughGateway(client, request, context, json);
  } finally {
    await client.close().catch(() => {});
  }
}

async function runThroughGateway(
  client: ClawClient,
  request: AgentRequest,
  context: CommandContext,
  json: boolean,
): Promise<number> {
  const agentId = request.agentId ?? client.hello?.snapshot.health.defaultAgentId ?? "main";
  const sessionKey = sessionKeyFor(agentId, request.session, client.hello?.snapshot.sessionDefaults?.mainKey);
  const renderer = createRunRenderer(context, { json });
  // The ack of `agent` names our run. `agent` events can overtake it (the gateway starts
  // streaming while the ack is on its way), so until then events are held per run id.
  const held = new Map<string, AgentEvent[]>();
  let ourRunId: string | undefined;
  const adopt = (runId: string) => {
    if (ourRunId !== undefined) return;
    ourRunId = runId;
    for (const event of held.get(runId) ?? []) renderer.event(event);
    held.clear();
  };
  const offAgent = client.on("agent", (event) => {
    if (ourRunId === undefined) {
      const list = held.get(event.runId) ?? [];
      list.push(event);
      held.set(event.runId, list);
    } else if (event.runId === ourRunId) renderer.event(event);
  });
  const onSigint = () => {
    void client
      .request("chat.abort", { sessionKey, ...(ourRunId ? { runId: ourRunId } : {}) })
      .catch(() => {});
  };
  process.once("SIGINT", onSigint);
  try {
    const final = await client
      .requestFinal(
        "agent",
        {
          message: request.message,
          idempotencyKey: randomUUID(),
          sessionKey,
          ...(request.agentId ? { agentId: request.agentId } : {}),
          ...(request.model ? { model: request.model } : {}),
          ...(request.thinking ? { thinking: request.thinking } : {}),
        },
        { timeoutMs: 24 * 60 * 60 * 1000, onAccepted: (ack) => adopt(ack.runId) },
      )
      .catch((error: unknown) => {
        // The gateway rejects an unknown agent or model before the run starts: a usage error.
        if (isRejectedRequest(error))
          throw new UsageError(error.reason, "see `claw status` and `claw models list`");
        throw error;
      });
    adopt(final.runId);
    return renderer.finish({
      runId: final.runId,
      status: final.status,
      ...(final.summary !== undefined ? { text: final.summary } : {}),
      ...(final.error ? { error: final.error } : {}),
      ...(final.usage ? { usage: final.usage } : {}),
    });
  } finally {
    process.off("SIGINT", onSigint);
    offAgent();
  }
}

export const run: CommandModule["run"] = (args, context) => runFlat("agent", agent, args, context);
export default { run } satisfies CommandModule;

/** `details.code`s of an `agent` request refused before its run started. */
const REJECTED_REQUEST = new Set(["UNKNOWN_AGENT_ID", "UNKNOWN_MODEL", "INVALID_THINKING"]);

function isRejectedRequest(error: unknown): error is GatewayRequestError {
  return (
    error instanceof GatewayRequestError &&
    error.code === "INVALID_REQUEST" &&
    REJECTED_REQUEST.has(error.detailCode ?? "")
  );
}

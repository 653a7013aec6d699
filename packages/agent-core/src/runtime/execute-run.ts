/** Executes one queued run: resolve session, model, tools and prompt, then drive the loop. */

import { formatModelRef, isSubagentSessionKey } from "@claw/ids";
import { findModel, type Model, stream, type UserMessage } from "@claw/providers";
import { createFailoverRunner } from "../compose/failover-runner.js";
import type { RunEmitter } from "../events/event-bus.js";
import { runAgentLoop } from "../loop/run-loop.js";
import { endedBeforeStart, type RunResult } from "../loop/types.js";
import type { SessionEntry, SessionStore } from "../sessions/session-store.js";
import { createCallModel } from "./call-model.js";
import { compactInto, createContextHooks } from "./context-hooks.js";
import type { AgentDefinition, AgentRuntimeOptions, RunRequest } from "./options.js";
import type { ActiveRun } from "./run-handle.js";

export interface ExecuteRunParams {
  request: RunRequest;
  input: UserMessage;
  agent: AgentDefinition;
  active: ActiveRun;
  options: AgentRuntimeOptions;
  sessions: SessionStore;
  emit: RunEmitter;
  now: () => number;
}

const defaultFallback = createFailoverRunner();

/** `agent:<id>:subagent:<uuid>` keys, recognised by `@claw/ids` (the prompt uses the same rule). */
export { compactInto, isSubagentSessionKey };

/** Candidate chain: requested/override model first, then fallbacks, then the primary (deduped). */
export function modelCandidates(requested: string, agent: AgentDefinition): string[] {
  const chain = [requested, ...(agent.model.fallbacks ?? []), agent.model.primary];
  return [...new Set(chain)];
}

export async function executeRun(params: ExecuteRunParams): Promise<RunResult> {
  const { request, agent, active } = params;
  const stopTimer = abortOnTimeout(active.controller, request.timeoutSeconds ?? agent.timeoutSeconds ?? 600);
  try {
    return await executeWithSignal(params, active.controller.signal);
  } finally {
    stopTimer();
  }
}

async function executeWithSignal(params: ExecuteRunParams, signal: AbortSignal): Promise<RunResult> {
  const { request, agent, active, options, sessions, emit, now } = params;
  const entry = await sessions.resolve(request.sessionKey, { agentId: agent.id });
  const requested = request.model ?? entry.modelOverride ?? agent.model.primary;
  const resolveModel = options.resolveModel ?? ((ref: string) => findModel(ref));
  const model = resolveModel(requested);
  if (!model)
    return failedBeforeStart(params, `Unknown model "${requested}". Check the agent's model or /model.`);

  const thinking = request.thinking ?? entry.thinkingOverride ?? agent.thinking ?? "off";
  const isSubagent = isSubagentSessionKey(request.sessionKey);
  const allTools = agent.tools ?? [];
  const tools = agent.filterTools
    ? agent.filterTools(allTools, {
        agentId: agent.id,
        sessionKey: request.sessionKey,
        model,
        isSubagent,
        senderIsOwner: request.senderIsOwner,
        channel: request.channel,
        ...(request.groupTools ? { groupTools: request.groupTools } : {}),
      })
    : allTools;
  const systemPrompt =
    typeof agent.systemPrompt === "function"
      ? await agent.systemPrompt({
          agentId: agent.id,
          sessionKey: request.sessionKey,
          model,
          thinking,
          tools,
          isSubagent,
          ...(request.bootstrapContextMode ? { bootstrapContextMode: request.bootstrapContextMode } : {}),
          ...(request.bootstrapContextRunKind
            ? { bootstrapContextRunKind: request.bootstrapContextRunKind }
            : {}),
        })
      : (agent.systemPrompt ?? "");

  const history = await sessions.loadMessages(entry);
  let answeredBy: Model = model;
  let anyAnswered = false;
  const callModel = createCallModel({
    candidates: modelCandidates(requested, agent),
    sessionKey: request.sessionKey,
    thinking,
    stream: options.stream ?? stream,
    fallback: options.fallback ?? defaultFallback,
    resolveModel,
    getApiKey: options.getApiKey,
    emit,
    onModelUsed: (used) => {
      answeredBy = used;
      anyAnswered = true;
    },
  });
  const loop = {
    runId: active.runId,
    sessionKey: request.sessionKey,
    agentId: agent.id,
    systemPrompt,
    tools,
    callModel,
    now,
  };

  const hooks = createContextHooks({
    strategy: agent.compaction ?? options.compaction,
    entry,
    sessions,
    emit,
    signal,
    model: () => answeredBy,
    loop,
  });
  // Written out rather than spread: object spread into a literal this size is a slow path
  // (measurable per run in the turn-overhead bench).
  const result = await runAgentLoop({
    runId: loop.runId,
    sessionKey: loop.sessionKey,
    agentId: loop.agentId,
    systemPrompt: loop.systemPrompt,
    tools: loop.tools,
    callModel: loop.callModel,
    now: loop.now,
    history,
    input: [params.input],
    emit,
    signal,
    hooks: options.hooks,
    sources: {
      takeSteering: () => active.steering.splice(0),
      takeFollowUps: () => active.followUps.splice(0),
    },
    maxTurns: agent.maxTurns,
    toolExecution: options.toolExecution,
    toolTimeoutMs: options.toolTimeoutMs,
    onMessage: (message) => sessions.append(entry, message),
    transformMessages: hooks.transformMessages,
    beforeModelCall: hooks.beforeModelCall,
    recoverOverflow: hooks.recoverOverflow,
  });
  // The run already ended (terminal event sent, messages persisted): a failed usage update is
  // reported, not turned into a second terminal state.
  const lastModel = anyAnswered ? formatModelRef(answeredBy.provider, answeredBy.id) : undefined;
  await recordUsage(sessions, entry, result, lastModel).catch((error: unknown) => {
    emit("error", {
      message: `Usage of run ${active.runId} was not recorded in session "${request.sessionKey}": ${error instanceof Error ? error.message : String(error)}`,
    });
  });
  return result;
}

/** Adds the run's tokens and cost (already priced per call by the model that answered) to the session. */
async function recordUsage(
  sessions: SessionStore,
  entry: SessionEntry,
  result: RunResult,
  lastModel: string | undefined,
) {
  // Reset or deleted while the run went: its usage belongs to no current session.
  if ((await sessions.get(entry.sessionKey))?.sessionId !== entry.sessionId) return;
  const last = [...result.messages].reverse().find((m) => m.role === "assistant");
  await sessions.patch(entry.sessionKey, {
    inputTokens: (entry.inputTokens ?? 0) + result.usage.input,
    outputTokens: (entry.outputTokens ?? 0) + result.usage.output,
    costUsd: (entry.costUsd ?? 0) + result.usage.cost.total,
    ...(lastModel ? { lastModel } : {}),
    ...(last?.role === "assistant"
      ? { contextTokens: last.usage.input + last.usage.cacheRead + last.usage.output }
      : {}),
  });
}

function failedBeforeStart(params: ExecuteRunParams, message: string): RunResult {
  params.emit("lifecycle", { phase: "start", startedAt: params.now() });
  return endedBeforeStart(params.active.runId, params.emit, params.now, "error", {
    message,
    reason: "model_not_found",
  });
}

/**
 * The run timeout aborts the run's own controller (no second signal to chain and unhook per run):
 * its reason is a `TimeoutError`, which the loop reports as status "timeout".
 */
function abortOnTimeout(controller: AbortController, timeoutSeconds: number): () => void {
  if (!(timeoutSeconds > 0)) return () => {};
  const timer = setTimeout(
    () => controller.abort(new DOMException(`run timed out after ${timeoutSeconds} s`, "TimeoutError")),
    timerDelay(timeoutSeconds * 1000),
  );
  return () => clearTimeout(timer);
}

/** Node fires a timer of more than 2^31 - 1 ms after 1 ms; longer waits are capped (~24.8 days). */
export function timerDelay(ms: number): number {
  return Math.min(ms, 2_147_483_647);
}

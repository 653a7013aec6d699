/**
 * The turn loop: call the model, run the tool calls it asks for, append results, repeat until
 * the model stops — or a guard (max turns, tool loop, abort, timeout) ends the run. Every run
 * ends in exactly one terminal state, reported on the lifecycle stream and in the result.
 */
import { ContextOverflowError, runWithOverflowRecovery } from "@claw/compaction";
import { formatModelRef } from "@claw/ids";
import type { AssistantMessage, Context, Message, ToolCall, UserMessage } from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";
import type { AgentTool } from "../tools/types.js";
import { forwardAssistantEvent } from "./assistant-events.js";
import { executeToolCalls } from "./execute-tools.js";
import type { LoopHooks, MessageSources } from "./hooks.js";
import { createLoopDetector } from "./loop-detector.js";
import {
  addUsage,
  type CallModel,
  emptyUsage,
  type RunError,
  type RunResult,
  type RunStatus,
} from "./types.js";

export interface RunLoopOptions {
  runId: string;
  sessionKey?: string;
  agentId?: string;
  systemPrompt: string;
  /** The conversation so far (already pruned for the context window). */
  history: Message[];
  /** The new user message(s) that start this run. */
  input: UserMessage[];
  tools: AgentTool[];
  callModel: CallModel;
  emit: RunEmitter;
  /** Aborts the run. An abort whose reason is a `TimeoutError` ends it as "timeout". */
  signal: AbortSignal;
  hooks?: LoopHooks;
  sources?: MessageSources;
  /** Model calls allowed in one run (default 40). */
  maxTurns?: number;
  /** Identical consecutive tool calls that stop the run (default 5; 0 disables). */
  maxToolRepeats?: number;
  toolExecution?: "parallel" | "sequential";
  /** Default per-tool timeout in ms (default 120 000; 0 disables). */
  toolTimeoutMs?: number;
  /** Called as each message is final, in order; awaited, so a persisted message is never lost. */
  onMessage?: (message: Message) => void | Promise<void>;
  /** Shapes each model call's messages (pruning); the conversation itself is not changed. */
  transformMessages?: (messages: Message[]) => Message[];
  /**
   * Runs before every model call (memory flush, threshold compaction); returns the compacted
   * conversation to continue with, or undefined to keep it.
   */
  beforeModelCall?: (conversation: Message[]) => Promise<Message[] | undefined>;
  /** Compacts the conversation after a context overflow; undefined = cannot recover. */
  recoverOverflow?: (messages: Message[], attempt: number) => Promise<Message[] | undefined>;
  /** Compact-and-retry rounds per model call after a context overflow (default 1). */
  maxOverflowRetries?: number;
  now?: () => number;
}

/**
 * Runs the loop to a terminal state. Never throws.
 *
 * @example
 * const result = await runAgentLoop({ runId, systemPrompt, history: [], input: [userMessage("hi")],
 *   tools: [], callModel, emit, signal: new AbortController().signal });
 * console.log(result.status, result.text);
 */
export async function runAgentLoop(options: RunLoopOptions): Promise<RunResult> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const { emit, signal } = options;
  const usage = emptyUsage();
  const added: Message[] = [];
  let conversation: Message[] = [...options.history];
  let turns = 0;
  let lastAssistant: AssistantMessage | undefined;
  const toolMap = new Map(options.tools.map((t) => [t.name, t] as const));
  const loopDetector = createLoopDetector(options.maxToolRepeats ?? 5);
  const hooks = options.hooks ?? {};
  const sources = options.sources ?? {};

  emit("lifecycle", { phase: "start", startedAt });

  const append = async (message: Message) => {
    conversation.push(message);
    added.push(message);
    await options.onMessage?.(message);
  };

  const finish = (status: RunStatus, error?: RunError): RunResult => {
    const endedAt = now();
    const text = lastAssistant ? assistantText(lastAssistant) : "";
    const result: RunResult = {
      runId: options.runId,
      status,
      text,
      messages: added,
      usage,
      turns,
      startedAt,
      endedAt,
    };
    if (error) result.error = error;
    if (status === "ok")
      emit("lifecycle", {
        phase: "end",
        status,
        startedAt,
        endedAt,
        turns,
        ...(lastAssistant ? { model: formatModelRef(lastAssistant.provider, lastAssistant.model) } : {}),
      });
    else
      emit("lifecycle", {
        phase: "error",
        status,
        startedAt,
        endedAt,
        turns,
        error: error?.message ?? status,
      });
    return result;
  };

  const stoppedBySignal = () => finish(abortStatus(signal), { message: abortMessage(signal) });

  try {
    for (const message of options.input) await append(message);
    while (true) {
      if (signal.aborted) return stoppedBySignal();
      if (turns >= (options.maxTurns ?? 40)) {
        return finish("error", {
          reason: "max_turns",
          message: `Stopped after ${turns} model calls (max turns).`,
        });
      }
      turns += 1;
      conversation = (await options.beforeModelCall?.(conversation)) ?? conversation;

      let assistant: AssistantMessage;
      try {
        // Overflow compacts and retries (the one policy, from @claw/compaction); never a fallback.
        ({ value: assistant } = await runWithOverflowRecovery({
          attempt: async () => callModelOnce(await buildContext()),
          compact: (attempt, overflow) => recover(overflow, attempt),
          maxRetries: options.recoverOverflow ? (options.maxOverflowRetries ?? 1) : 0,
          signal,
        }));
      } catch (error) {
        // Runners return failures as messages: what lands here is an overflow compaction could not
        // fix, or a broken custom runner; either is reported once.
        if (signal.aborted) return stoppedBySignal();
        if (error instanceof ContextOverflowError) return finish("error", overflowError(error));
        return finish("error", { message: errorMessage(error), reason: reasonOf(error) });
      }

      if (assistant.stopReason === "error" || assistant.stopReason === "aborted") {
        if (assistant.stopReason === "aborted" || signal.aborted) return stoppedBySignal();
        return finish("error", {
          message: assistant.error?.message ?? "model call failed",
          reason: assistant.error?.reason,
        });
      }

      lastAssistant = assistant;
      await append(assistant);
      const calls = assistant.content.filter((c): c is ToolCall => c.type === "toolCall");

      if (calls.length > 0) {
        for (const call of calls) {
          const stop = loopDetector.record(call);
          if (stop) {
            await appendSkippedResults(calls, stop);
            return finish("error", { reason: "tool_loop", message: stop });
          }
        }
        const { results, steering } = await executeToolCalls({
          calls,
          tools: toolMap,
          hooks,
          sources,
          signal,
          emit,
          parallel: (options.toolExecution ?? "parallel") === "parallel",
          defaultTimeoutMs: options.toolTimeoutMs ?? 120_000,
          sessionKey: options.sessionKey,
          agentId: options.agentId,
          now,
        });
        for (const result of results) await append(result);
        if (signal.aborted) return stoppedBySignal();
        for (const message of steering) await append(message);
        continue;
      }

      const followUps = [...(sources.takeSteering?.() ?? []), ...(sources.takeFollowUps?.() ?? [])];
      if (followUps.length > 0) {
        for (const message of followUps) await append(message);
        continue;
      }
      return finish("ok");
    }
  } catch (error) {
    // Persistence (onMessage) or a hook failed outside the guarded steps: still one terminal state.
    return finish(signal.aborted ? abortStatus(signal) : "error", { message: errorMessage(error) });
  }

  async function buildContext(): Promise<Context> {
    const context: Context = {
      systemPrompt: options.systemPrompt,
      messages: options.transformMessages?.(conversation) ?? conversation,
      tools: options.tools,
    };
    try {
      return (await hooks.beforePrompt?.(context)) ?? context;
    } catch (error) {
      // Hooks fail only their own step: the model is called with the context unchanged.
      emit("error", { message: `beforePrompt hook failed: ${errorMessage(error)}` });
      return context;
    }
  }

  async function callModelOnce(context: Context): Promise<AssistantMessage> {
    const assistant = await options.callModel(context, {
      signal,
      onEvent: (event) => forwardAssistantEvent(event, emit),
    });
    addUsage(usage, assistant.usage);
    return assistant;
  }

  async function recover(overflow: unknown, attempt: number): Promise<{ compacted: boolean }> {
    if (!options.recoverOverflow) return { compacted: false };
    const error = errorMessage(overflowCause(overflow));
    emit("compaction", { phase: "start", reason: "overflow", attempt, error });
    const compacted = await options.recoverOverflow(conversation, attempt);
    emit("compaction", { phase: "end", reason: "overflow", attempt, ok: compacted !== undefined });
    if (compacted) conversation = compacted;
    return { compacted: compacted !== undefined };
  }

  function overflowError(error: ContextOverflowError): RunError {
    const tried = error.compactions > 0 ? ` after ${error.compactions} compaction attempt(s)` : "";
    return {
      reason: "overflow_unrecoverable",
      message: `The conversation no longer fits the model's context window${tried}: ${errorMessage(overflowCause(error.lastError))}. Start a new session with /new or compact with /compact.`,
    };
  }

  async function appendSkippedResults(calls: ToolCall[], reason: string) {
    for (const call of calls) {
      await append({
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name,
        content: [{ type: "text", text: reason }],
        isError: true,
        timestamp: now(),
      });
    }
  }
}

/** The text blocks of an assistant message, joined. */
export function assistantText(message: AssistantMessage): string {
  return message.content
    .filter((c) => c.type === "text")
    .map((c) => (c.type === "text" ? c.text : ""))
    .join("");
}

function abortStatus(signal: AbortSignal): RunStatus {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === "TimeoutError" ? "timeout" : "aborted";
}

function abortMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === "TimeoutError") return reason.message || "run timed out";
  return reason instanceof Error && reason.message ? reason.message : "run aborted";
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  ) {
    return (error as { message: string }).message;
  }
  return String(error);
}

function reasonOf(error: unknown): RunError["reason"] {
  const reason =
    typeof error === "object" && error !== null ? (error as { reason?: unknown }).reason : undefined;
  return typeof reason === "string" ? (reason as RunError["reason"]) : undefined;
}

/** The provider error inside an overflow: the failed message's `error`, or the thrown value. */
function overflowCause(overflow: unknown): unknown {
  if (typeof overflow === "object" && overflow !== null && "role" in overflow && "error" in overflow)
    return (overflow as { error: unknown }).error ?? overflow;
  return overflow;
}

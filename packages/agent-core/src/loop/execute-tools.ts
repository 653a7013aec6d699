/**
 * Executes one assistant turn's tool calls: sequential preflight (lookup, argument validation,
 * beforeToolCall), then execution in parallel (default) or in order, each with its own timeout
 * and abort signal. Results always come back in the calls' source order, one per call.
 */
import type { ToolCall, ToolResultMessage, UserMessage } from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";
import type { AgentTool, AgentToolResult } from "../tools/types.js";
import type { LoopHooks, MessageSources } from "./hooks.js";
import { validateToolArguments } from "./validate-args.js";

export const SKIPPED_FOR_STEERING = "Skipped due to queued user message.";

export interface ExecuteToolsOptions {
  calls: ToolCall[];
  tools: ReadonlyMap<string, AgentTool>;
  hooks: LoopHooks;
  sources: MessageSources;
  signal: AbortSignal;
  emit: RunEmitter;
  parallel: boolean;
  defaultTimeoutMs: number;
  sessionKey?: string;
  agentId?: string;
  now: () => number;
}

export interface ExecuteToolsResult {
  results: ToolResultMessage[];
  /** Steering messages that arrived and cut the batch short (to append after the results). */
  steering: UserMessage[];
}

type Prepared =
  | { call: ToolCall; tool: AgentTool; args: Record<string, unknown> }
  | { call: ToolCall; error: string };

export async function executeToolCalls(options: ExecuteToolsOptions): Promise<ExecuteToolsResult> {
  const { calls, emit } = options;
  const results: ToolResultMessage[] = new Array(calls.length);
  const steering: UserMessage[] = [];
  const takeSteering = () => {
    const arrived = options.sources.takeSteering?.() ?? [];
    steering.push(...arrived);
    return arrived.length > 0;
  };

  const prepared: Prepared[] = [];
  for (const call of calls) prepared.push(await prepare(call, options));

  const runOne = async (index: number) => {
    const item = prepared[index] as Prepared;
    const started = options.now();
    emit("tool", {
      phase: "start",
      name: item.call.name,
      toolCallId: item.call.id,
      args: item.call.arguments,
    });
    const result =
      "error" in item ? { content: text(item.error), isError: true } : await invoke(item, options);
    const durationMs = options.now() - started;
    results[index] = toResultMessage(item.call, result, options.now());
    emit("tool", {
      phase: "result",
      name: item.call.name,
      toolCallId: item.call.id,
      isError: result.isError === true,
      durationMs,
      result: summarize(result),
    });
  };

  let skipped = false;
  if (options.parallel) {
    if (takeSteering()) {
      skipFrom(0);
      skipped = true;
    } else await Promise.all(calls.map((_, i) => runOne(i)));
  } else {
    for (let i = 0; i < calls.length; i++) {
      if (takeSteering()) {
        skipFrom(i);
        skipped = true;
        break;
      }
      await runOne(i);
    }
  }
  // A message that arrived while the last tool ran is seen right after the results, not later.
  if (!skipped) takeSteering();
  return { results, steering };

  function skipFrom(start: number) {
    for (let i = start; i < calls.length; i++) {
      const call = calls[i] as ToolCall;
      results[i] = toResultMessage(
        call,
        { content: text(SKIPPED_FOR_STEERING), isError: true },
        options.now(),
      );
      emit("tool", { phase: "result", name: call.name, toolCallId: call.id, isError: true, skipped: true });
    }
  }
}

async function prepare(call: ToolCall, options: ExecuteToolsOptions): Promise<Prepared> {
  const tool = options.tools.get(call.name);
  if (!tool) {
    const known = [...options.tools.keys()].join(", ") || "none";
    return { call, error: `Tool "${call.name}" is not available. Available tools: ${known}.` };
  }
  const checked = validateToolArguments(call.name, tool.parameters, call.arguments);
  if (!checked.ok) return { call, error: checked.message };
  try {
    const decision = await options.hooks.beforeToolCall?.({ ...call, arguments: checked.args });
    if (decision?.block) return { call, error: `Tool call blocked: ${decision.reason}` };
    if (decision && "args" in decision) {
      const rewritten = validateToolArguments(call.name, tool.parameters, decision.args);
      if (!rewritten.ok) return { call, error: rewritten.message };
      return { call, tool, args: rewritten.args };
    }
  } catch (error) {
    return { call, error: `Tool call blocked: beforeToolCall hook failed: ${messageOf(error)}` };
  }
  return { call, tool, args: checked.args };
}

async function invoke(
  item: { call: ToolCall; tool: AgentTool; args: Record<string, unknown> },
  options: ExecuteToolsOptions,
): Promise<AgentToolResult> {
  const timeoutMs = item.tool.timeoutMs ?? options.defaultTimeoutMs;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<AgentToolResult>((resolve) => {
    if (timeoutMs > 0) {
      timer = setTimeout(() => {
        controller.abort(new Error("tool timeout"));
        resolve({
          content: text(`Tool "${item.call.name}" timed out after ${timeoutMs} ms.`),
          isError: true,
        });
      }, timeoutMs);
    }
  });
  const aborted = new Promise<AgentToolResult>((resolve) => {
    const done = () => resolve({ content: text(`Tool "${item.call.name}" was aborted.`), isError: true });
    if (options.signal.aborted) done();
    else options.signal.addEventListener("abort", done, { once: true });
  });
  try {
    const execution = item.tool
      .execute(item.args, {
        toolCallId: item.call.id,
        signal: controller.signal,
        sessionKey: options.sessionKey,
        agentId: options.agentId,
        onUpdate: (partial) =>
          options.emit("tool", {
            phase: "update",
            name: item.call.name,
            toolCallId: item.call.id,
            result: summarize(partial),
          }),
      })
      .catch(
        (error: unknown): AgentToolResult => ({ content: text(`Error: ${messageOf(error)}`), isError: true }),
      );
    let result = await Promise.race([execution, timedOut, aborted]);
    try {
      result = (await options.hooks.afterToolCall?.(item.call, result)) ?? result;
    } catch {
      // A failing afterToolCall hook keeps the tool's own result.
    }
    return result;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", onAbort);
  }
}

function toResultMessage(call: ToolCall, result: AgentToolResult, timestamp: number): ToolResultMessage {
  const message: ToolResultMessage = {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: result.content,
    isError: result.isError === true,
    timestamp,
  };
  if (result.details !== undefined) message.details = result.details;
  return message;
}

function summarize(result: AgentToolResult): string {
  const joined = result.content.map((c) => (c.type === "text" ? c.text : `[image ${c.mimeType}]`)).join("\n");
  return joined.length > 2000 ? `${joined.slice(0, 2000)}…` : joined;
}

function text(value: string) {
  return [{ type: "text" as const, text: value }];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The loop's context hooks for one run, from the agent's compaction strategy: pruning on every
 * model call (reported as `compaction` events, phase `prune`), the pre-compaction memory flush
 * and threshold compaction before every model call, and compaction after a provider overflow.
 */
import { createMemoryFlushMessage } from "@claw/compaction";
import type { Message, Model } from "@claw/providers";
import type { RunEmitter } from "../events/event-bus.js";
import type { AgentEvent } from "../events/types.js";
import type { RunLoopOptions } from "../loop/run-loop.js";
import { runAgentLoop } from "../loop/run-loop.js";
import { suppressionReason } from "../reply/silent-tokens.js";
import type { SessionEntry, SessionStore } from "../sessions/session-store.js";
import type { CompactionStrategy } from "./options.js";

/** Session flag: the compaction count at which the memory flush last ran (once per cycle). */
export const MEMORY_FLUSH_FLAG = "memoryFlushCompactionCount";

export interface ContextHooksParams {
  strategy: CompactionStrategy | undefined;
  entry: SessionEntry;
  sessions: SessionStore;
  emit: RunEmitter;
  signal: AbortSignal;
  /** The model the next call goes to (the one that answered last). */
  model: () => Model;
  /** The loop options the memory flush turn reuses (system prompt, tools, model call). */
  loop: Pick<
    RunLoopOptions,
    "runId" | "sessionKey" | "agentId" | "systemPrompt" | "tools" | "callModel" | "now"
  >;
}

type ContextHooks = Pick<RunLoopOptions, "transformMessages" | "beforeModelCall" | "recoverOverflow">;

/** The hooks to spread into `runAgentLoop`'s options; none when there is no strategy. */
export function createContextHooks(params: ContextHooksParams): ContextHooks {
  const { strategy, entry, sessions, emit, signal } = params;
  if (!strategy) return {};
  const session = { sessionKey: entry.sessionKey, sessionId: entry.sessionId };
  let compactionCount = entry.compactionCount ?? 0;
  const flagged = entry.flags?.[MEMORY_FLUSH_FLAG];
  let lastFlush = typeof flagged === "number" ? flagged : undefined;

  const compact = async (messages: Message[], trigger: "threshold" | "overflow") => {
    const outcome = await compactInto(
      entry,
      messages,
      params.model(),
      { strategy, sessions, emit },
      signal,
      trigger,
    );
    if (!("messages" in outcome)) return undefined;
    compactionCount++;
    return outcome.messages;
  };

  return {
    transformMessages: strategy.transformContext
      ? (messages) => {
          const shaped = strategy.transformContext?.(messages, params.model(), session);
          if (!shaped) return messages;
          if (shaped.pruned) emit("compaction", { phase: "prune", ...shaped.pruned });
          return shaped.messages;
        }
      : undefined,
    async beforeModelCall(conversation) {
      const model = params.model();
      const systemPrompt = params.loop.systemPrompt;
      const flush = strategy.memoryFlush?.(conversation, model, {
        systemPrompt,
        compactionCount,
        lastFlushCompactionCount: lastFlush,
      });
      if (flush) {
        lastFlush = compactionCount;
        await runMemoryFlush(params, conversation, flush, compactionCount);
      }
      if (!strategy.shouldCompact?.(conversation, model, { systemPrompt })) return undefined;
      return compact(conversation, "threshold");
    },
    recoverOverflow: (messages) => compact(messages, "overflow"),
  };
}

/**
 * The flush turn: the conversation so far plus the flush prompt, with the run's tools, so the
 * model can write durable notes to the workspace's memory files. Silent: its events are not
 * streamed and its messages stay out of the transcript (compaction follows); a NO_REPLY answer
 * is reported as silent, any other text is reported on the `compaction` event.
 */
async function runMemoryFlush(
  params: ContextHooksParams,
  conversation: Message[],
  flush: { prompt: string; systemPrompt?: string },
  compactionCount: number,
): Promise<void> {
  const { emit, loop } = params;
  emit("compaction", { phase: "memoryFlush", status: "start", compactionCount });
  const quiet: RunEmitter = (stream, data) =>
    ({ runId: loop.runId, seq: 0, stream, ts: 0, data }) as AgentEvent;
  const result = await runAgentLoop({
    ...loop,
    runId: `${loop.runId}:memory-flush`,
    systemPrompt: flush.systemPrompt ? `${loop.systemPrompt}\n\n${flush.systemPrompt}` : loop.systemPrompt,
    history: conversation,
    input: [createMemoryFlushMessage(flush.prompt, (loop.now ?? Date.now)())],
    emit: quiet,
    signal: params.signal,
    maxTurns: 8,
  });
  const silent = suppressionReason(result.text) !== undefined;
  emit("compaction", {
    phase: "memoryFlush",
    status: result.status,
    silent,
    ...(silent ? {} : { text: result.text }),
    ...(result.error ? { error: result.error.message } : {}),
  });
  const current = await params.sessions.get(params.entry.sessionKey);
  if (current?.sessionId === params.entry.sessionId)
    await params.sessions.patch(params.entry.sessionKey, {
      flags: { ...current.flags, [MEMORY_FLUSH_FLAG]: compactionCount },
    });
}

/** What `compactInto` did: the new conversation, or why there is none. */
export type CompactIntoResult = { messages: Message[] } | { reason: string };

/**
 * Compacts `messages` with the strategy, records the compaction in the session, and returns
 * the new conversation — or the reason nothing changed (nothing older than the kept tail, or the
 * summary failed: reported as a `compaction` event with phase `error`, the history is kept).
 */
export async function compactInto(
  entry: SessionEntry,
  messages: Message[],
  model: Model,
  params: { strategy: CompactionStrategy | undefined; sessions: SessionStore; emit: RunEmitter },
  signal: AbortSignal,
  trigger: "threshold" | "overflow" | "manual",
): Promise<CompactIntoResult> {
  const { strategy, emit } = params;
  if (!strategy) return { reason: "no compaction is configured for this agent" };
  if (trigger !== "overflow") emit("compaction", { phase: "start", reason: trigger });
  let failure: string | undefined;
  const outcome = await strategy.compact(messages, model, signal, trigger).catch((error: unknown) => {
    failure = error instanceof Error ? error.message : String(error);
    emit("compaction", { phase: "error", reason: trigger, error: failure });
    return undefined;
  });
  const compacted = outcome && "summary" in outcome ? outcome : undefined;
  if (compacted) {
    await params.sessions.appendCompaction(entry, {
      summary: compacted.summary,
      replacedCount: compacted.replacedCount,
      tokensBefore: compacted.tokensBefore,
      tokensAfter: compacted.tokensAfter,
    });
  }
  const reason = compacted
    ? undefined
    : failure !== undefined
      ? `the summary failed, so the history was kept: ${failure}`
      : outcome && "skipped" in outcome
        ? outcome.skipped
        : "nothing to compact";
  if (trigger !== "overflow") {
    emit("compaction", {
      phase: "end",
      reason: trigger,
      ok: compacted !== undefined,
      tokensBefore: compacted?.tokensBefore,
      tokensAfter: compacted?.tokensAfter,
      ...(reason ? { skipped: reason } : {}),
    });
  }
  return compacted ? { messages: compacted.messages } : { reason: reason ?? "nothing to compact" };
}

/**
 * The subagent registry: spawns children on the `subagent` lane, records each in the SQLite
 * outbox, and delivers every child's terminal result to its parent exactly once — also across a
 * restart (`recoverPending`). The parent's transcript is the delivery receipt: a result is marked
 * announced only when its marker is in the parent's conversation, and a restart re-delivers only
 * results whose marker is missing.
 */
import { randomUUID } from "node:crypto";
import { buildSubagentSessionKey, isSubagentSessionKey, subagentDepth } from "@claw/ids";
import type { Message, ThinkingLevel } from "@claw/providers";
import type { RunResult } from "../loop/types.js";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import type { RunHandle } from "../runtime/run-handle.js";
import type { AgentTool } from "../tools/types.js";
import { ANNOUNCE_SKIP, announceMarker, formatAnnounce } from "./announce.js";
import { DEFAULT_SUBAGENT_LIMITS, type SubagentLimits, spawnRefusal, subagentAllowsTool } from "./limits.js";
import type { SubagentOutbox, SubagentRun } from "./outbox.js";
import {
  formatThreadAnnounce,
  type SpawnMode,
  type SubagentThreadBinder,
  threadSpawnRefusal,
} from "./thread-binding.js";

export interface SpawnRequest {
  parentSessionKey: string;
  task: string;
  agentId?: string;
  label?: string;
  model?: string;
  thinking?: ThinkingLevel;
  cleanup?: "keep" | "delete";
  runTimeoutSeconds?: number;
  /** Open a thread in the requester's chat, bound to the child; its announce goes there. */
  thread?: boolean;
  /** `run` (default) ends after the announce; `session` stays for follow-ups in the thread. */
  mode?: SpawnMode;
}

export interface SpawnAccepted {
  status: "accepted";
  runId: string;
  childSessionKey: string;
  depth: number;
  mode: SpawnMode;
  /** The thread the child is bound to (spawned with `thread: true`). */
  thread?: { channel: string; threadId: string };
}

export interface RecoveryReport {
  /** Children that were running when the process stopped, now failed and announced. */
  failed: number;
  /** Results delivered now. */
  delivered: number;
  /** Results already in the parent's transcript, now only marked. */
  alreadyDelivered: number;
}

export interface SubagentRegistryOptions {
  runtime: AgentRuntime;
  outbox: SubagentOutbox;
  limits?: Partial<SubagentLimits>;
  /** Validates a `model` override at spawn time. */
  isKnownModel?: (ref: string) => boolean;
  /** Delivers an announce into the parent session (default: a follow-up run there). */
  deliver?: (parentSessionKey: string, text: string, run: SubagentRun) => RunHandle;
  /** Told whenever a result could not be delivered (it stays pending for `recoverPending`). */
  onProblem?: (message: string, run: SubagentRun) => void;
  /** Thread binding for `thread: true` (without it such spawns are refused with a clear error). */
  threads?: SubagentThreadBinder;
  now?: () => number;
}

export interface SubagentRegistry {
  spawn(request: SpawnRequest): Promise<SpawnAccepted>;
  /** Re-delivers stored, unannounced results and fails children lost in a restart. Call at startup. */
  recoverPending(): Promise<RecoveryReport>;
  /** Stops every running descendant of a session (cascade); returns how many were stopped. */
  stop(sessionKey: string): number;
  /** Archives (removes from the session index) children that ended more than archiveAfterMinutes ago. */
  archiveExpired(): Promise<number>;
  depthOf(sessionKey: string): number;
  children(parentSessionKey: string): SubagentRun[];
  get(runId: string): SubagentRun | undefined;
  /** Narrows a subagent's tools by depth; wire as (part of) an agent's `filterTools`. */
  filterTools(tools: AgentTool[], context: { sessionKey: string; isSubagent: boolean }): AgentTool[];
  /** Resolves once every announce started so far has settled (tests, shutdown). */
  settled(): Promise<void>;
  readonly limits: SubagentLimits;
}

const LOST_IN_RESTART =
  "The gateway restarted while this subagent was running, so its run was lost. Spawn it again if the result is still needed.";

/**
 * @example
 * const subagents = createSubagentRegistry({ runtime, outbox: openSubagentOutbox(join(stateDir, "state.db")) });
 * await subagents.recoverPending();
 * const { childSessionKey } = await subagents.spawn({ parentSessionKey: "agent:main:main", task: "Summarise README.md" });
 */
export function createSubagentRegistry(options: SubagentRegistryOptions): SubagentRegistry {
  const { runtime, outbox } = options;
  const now = options.now ?? Date.now;
  const limits: SubagentLimits = { ...DEFAULT_SUBAGENT_LIMITS, ...options.limits };
  const owner = randomUUID();
  const inFlight = new Map<string, Promise<void>>();
  const onProblem = options.onProblem ?? ((message) => console.warn(`subagents: ${message}`));

  const depthOf = (key: string): number => {
    const row = outbox.byChild(key);
    if (row) return row.depth;
    return subagentDepth(key);
  };

  const deliver =
    options.deliver ??
    ((parent: string, text: string) =>
      runtime.run({
        sessionKey: parent,
        message: text,
        lane: isSubagentSessionKey(parent) ? "nested" : "main",
        queueMode: "followup",
      }));

  const inParentTranscript = async (run: SubagentRun, messages?: Message[]): Promise<boolean> => {
    const marker = announceMarker(run.runId);
    let list = messages;
    if (!list) {
      const entry = await runtime.sessions.get(run.parentSessionKey);
      list = entry ? await runtime.sessions.loadMessages(entry) : [];
    }
    return list.some((m) => m.role === "user" && textOf(m).includes(marker));
  };

  const announce = (runId: string, checkTranscript: boolean): Promise<void> => {
    const existing = inFlight.get(runId);
    if (existing) return existing;
    const task = (async () => {
      const run = outbox.get(runId);
      if (!run || run.announcedAt !== undefined || run.status === "running") return;
      const bound =
        run.suppress || run.result?.trim() === ANNOUNCE_SKIP || !options.threads
          ? "unbound"
          : await options.threads.announce(run.childSessionKey, formatThreadAnnounce(run));
      if (run.suppress || run.result?.trim() === ANNOUNCE_SKIP) {
        outbox.markAnnounced(runId, now(), `not announced: ${run.suppress ?? ANNOUNCE_SKIP}`);
      } else if (bound !== "unbound") {
        // The "bound" mode of the announce: the thread, not the requester, gets the result.
        outbox.markAnnounced(runId, now(), bound === "already" ? "found posted in its thread" : undefined);
      } else if (checkTranscript && (await inParentTranscript(run))) {
        outbox.markAnnounced(runId, now(), "found in the parent transcript after a restart");
      } else {
        const handle = deliver(run.parentSessionKey, formatAnnounce(run), run);
        const result = await handle.result;
        if ((await inParentTranscript(run, result.messages)) || (await inParentTranscript(run)))
          outbox.markAnnounced(runId, now());
        else
          onProblem(
            `the result of subagent ${runId} did not reach ${run.parentSessionKey} (parent run ${result.status}: ${result.error?.message ?? "no message"}); recoverPending() will retry`,
            run,
          );
      }
      const done = outbox.get(runId);
      if (done?.announcedAt !== undefined && done.cleanup === "delete")
        await runtime.sessions.delete(done.childSessionKey);
    })()
      .catch((error: unknown) =>
        onProblem(`announce of ${runId} failed: ${messageOf(error)}`, outbox.get(runId) as SubagentRun),
      )
      .finally(() => inFlight.delete(runId));
    inFlight.set(runId, task);
    return task;
  };

  const complete = (runId: string, result: RunResult) => {
    outbox.finish(runId, {
      status: result.status,
      result: finalText(result),
      ...(result.error ? { error: result.error.message } : {}),
      inputTokens: result.usage.input,
      outputTokens: result.usage.output,
      endedAt: now(),
    });
    return announce(runId, false);
  };

  const registry: SubagentRegistry = {
    limits,
    depthOf,
    children: (key) => outbox.children(key),
    get: (runId) => outbox.get(runId),

    async spawn(request) {
      const requester = runtime.resolveAgent(undefined, request.parentSessionKey).id;
      const target = runtime.resolveAgent(request.agentId ?? requester).id;
      const parentDepth = depthOf(request.parentSessionKey);
      const refusal = spawnRefusal(
        {
          parentDepth,
          activeChildren: outbox.children(request.parentSessionKey).filter((r) => r.status === "running")
            .length,
          running: outbox.running().filter((r) => r.owner === owner).length,
          requester,
          target,
        },
        limits,
      );
      if (refusal) throw new Error(refusal);
      if (request.model && options.isKnownModel && !options.isKnownModel(request.model))
        throw new Error(
          `Unknown model "${request.model}" for sessions_spawn; use a "provider/model" ref the gateway knows.`,
        );
      if (!request.task.trim()) throw new Error("sessions_spawn needs a non-empty task.");
      const threadRefusal = threadSpawnRefusal(request, options.threads);
      if (threadRefusal) throw new Error(threadRefusal);
      const mode = request.mode ?? "run";

      const runId = randomUUID();
      const childSessionKey = buildSubagentSessionKey(target, randomUUID());
      const depth = parentDepth + 1;
      const run: SubagentRun = {
        runId,
        parentSessionKey: request.parentSessionKey,
        childSessionKey,
        agentId: target,
        task: request.task,
        ...(request.label ? { label: request.label } : {}),
        ...(request.model ? { model: request.model } : {}),
        cleanup: request.cleanup ?? "keep",
        depth,
        status: "running",
        owner,
        createdAt: now(),
      };
      outbox.insert(run);
      await runtime.sessions.resolve(childSessionKey, { agentId: target });
      await runtime.sessions.patch(childSessionKey, {
        flags: { spawnedBy: request.parentSessionKey, spawnDepth: depth },
      });
      let thread: SpawnAccepted["thread"];
      if (request.thread && options.threads) {
        try {
          const bound = await options.threads.bind({
            runId,
            childSessionKey,
            requesterSessionKey: request.parentSessionKey,
            agentId: target,
            ...(request.label ? { label: request.label } : {}),
            mode,
          });
          thread = { channel: bound.channel, threadId: bound.threadId };
        } catch (error) {
          // Roll back: no child session, no run record, nothing to announce.
          await runtime.sessions.delete(childSessionKey);
          outbox.remove(runId);
          throw error;
        }
      }
      const timeoutSeconds = request.runTimeoutSeconds ?? limits.runTimeoutSeconds;
      const handle = runtime.run({
        sessionKey: childSessionKey,
        agentId: target,
        message: request.task,
        lane: "subagent",
        runId,
        ...(request.model ? { model: request.model } : {}),
        ...(request.thinking ? { thinking: request.thinking } : {}),
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      });
      void handle.result.then((result) => complete(runId, result));
      return { status: "accepted", runId, childSessionKey, depth, mode, ...(thread ? { thread } : {}) };
    },

    async recoverPending() {
      const report: RecoveryReport = { failed: 0, delivered: 0, alreadyDelivered: 0 };
      for (const run of outbox.running()) {
        if (run.owner === owner) continue;
        if (outbox.finish(run.runId, { status: "error", error: LOST_IN_RESTART, endedAt: now() }))
          report.failed += 1;
      }
      for (const run of outbox.unannounced()) {
        await announce(run.runId, true);
        const after = outbox.get(run.runId);
        if (after?.announceNote?.startsWith("found")) report.alreadyDelivered += 1;
        else if (after?.announcedAt !== undefined && !after.announceNote) report.delivered += 1;
      }
      return report;
    },

    stop(sessionKey) {
      let stopped = 0;
      for (const run of outbox.children(sessionKey)) {
        if (run.status === "running") {
          outbox.suppress(run.runId, "killed");
          if (runtime.abort({ sessionKey: run.childSessionKey }, "stopped by the parent session") > 0)
            stopped += 1;
        }
        stopped += registry.stop(run.childSessionKey);
      }
      return stopped;
    },

    async archiveExpired() {
      if (limits.archiveAfterMinutes <= 0) return 0;
      const rows = outbox
        .archivable(now() - limits.archiveAfterMinutes * 60_000)
        .filter((run) => !options.threads?.keepsSession(run.childSessionKey));
      for (const run of rows) {
        await runtime.sessions.delete(run.childSessionKey);
        outbox.markArchived(run.runId, now());
      }
      return rows.length;
    },

    filterTools(tools, context) {
      if (!context.isSubagent) return tools;
      const depth = depthOf(context.sessionKey);
      return tools.filter((tool) => subagentAllowsTool(tool.name, depth, limits));
    },

    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
    },
  };
  return registry;
}

/** The child's answer: its final text, else its last tool result. */
function finalText(result: RunResult): string {
  if (result.text.trim()) return result.text;
  const lastTool = [...result.messages].reverse().find((m) => m.role === "toolResult");
  return lastTool ? textOf(lastTool) : "";
}

function textOf(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content.map((block) => ("text" in block ? block.text : "")).join("");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** sessions_list, sessions_history and session_status: read-only views of the session store. */
import type { Message } from "@claw/providers";
import { Type } from "typebox";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import { describeSessionKey, type SessionKind } from "../sessions/lifecycle/session-kind.js";
import type { SessionEntry } from "../sessions/session-store.js";
import type { SubagentRegistry } from "../subagents/registry.js";
import type { TypedTool } from "../tools/types.js";
import { guarded, jsonResult, RESERVED_SESSION_KEYS, resolveSessionTarget } from "./resolve-target.js";

const LIST_LIMIT_MAX = 200;
const HISTORY_LIMIT_MAX = 200;

const ListParams = Type.Object({
  kinds: Type.Optional(
    Type.Array(
      Type.Union([
        Type.Literal("main"),
        Type.Literal("group"),
        Type.Literal("cron"),
        Type.Literal("hook"),
        Type.Literal("node"),
        Type.Literal("other"),
      ]),
    ),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  activeMinutes: Type.Optional(Type.Number({ minimum: 0 })),
  messageLimit: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** @example const tool = sessionsListTool(runtime); agent.tools.push(tool); */
export function sessionsListTool(
  runtime: AgentRuntime,
  now: () => number = Date.now,
): TypedTool<typeof ListParams> {
  return {
    name: "sessions_list",
    label: "List sessions",
    description:
      "List sessions (newest first) with kind, channel, model and token counts; optionally their last messages.",
    parameters: ListParams,
    execute: (args) =>
      guarded(async () => {
        const limit = Math.min(args.limit ?? 50, LIST_LIMIT_MAX);
        const since = args.activeMinutes !== undefined ? now() - args.activeMinutes * 60_000 : undefined;
        const rows = [];
        for (const entry of await runtime.sessions.list()) {
          if (RESERVED_SESSION_KEYS.has(entry.sessionKey)) continue;
          const info = describeSessionKey(entry.sessionKey, runtime.mainKey);
          if (args.kinds && !args.kinds.includes(info.kind)) continue;
          if (since !== undefined && entry.updatedAt < since) continue;
          const row: Record<string, unknown> = { ...rowOf(entry, info.kind, channelOf(entry, info)) };
          if (args.messageLimit)
            row.messages = withoutTools(await runtime.sessions.loadMessages(entry)).slice(-args.messageLimit);
          rows.push(row);
          if (rows.length >= limit) break;
        }
        return jsonResult({ count: rows.length, sessions: rows });
      }),
  };
}

const HistoryParams = Type.Object({
  sessionKey: Type.String({ description: 'A session key, "main", or a session id.' }),
  limit: Type.Optional(Type.Integer({ minimum: 1 })),
  includeTools: Type.Optional(Type.Boolean()),
});

/** @example sessionsHistoryTool(runtime).execute({ sessionKey: "main", limit: 10 }, ctx) */
export function sessionsHistoryTool(runtime: AgentRuntime): TypedTool<typeof HistoryParams> {
  return {
    name: "sessions_history",
    label: "Session history",
    description: "Read a session's recent messages (tool results omitted unless includeTools is true).",
    parameters: HistoryParams,
    execute: (args, context) =>
      guarded(async () => {
        const entry = await resolveSessionTarget(runtime, args.sessionKey, context.sessionKey);
        const all = await runtime.sessions.loadMessages(entry);
        const messages = (args.includeTools ? all : withoutTools(all)).slice(
          -Math.min(args.limit ?? 50, HISTORY_LIMIT_MAX),
        );
        return jsonResult({ sessionKey: entry.sessionKey, sessionId: entry.sessionId, messages });
      }),
  };
}

const StatusParams = Type.Object({
  sessionKey: Type.Optional(Type.String({ description: "Default: the current session." })),
});

/** @example sessionStatusTool(runtime, registry) */
export function sessionStatusTool(
  runtime: AgentRuntime,
  registry?: SubagentRegistry,
): TypedTool<typeof StatusParams> {
  return {
    name: "session_status",
    label: "Session status",
    description:
      "Model, thinking, token counts, running state and subagents of a session (default: this one).",
    parameters: StatusParams,
    execute: (args, context) =>
      guarded(async () => {
        const key = args.sessionKey ?? context.sessionKey;
        if (!key) throw new Error("session_status needs a sessionKey outside a session.");
        const entry = await resolveSessionTarget(runtime, key, context.sessionKey);
        const agent = runtime.resolveAgent(undefined, entry.sessionKey);
        const runs = runtime.activeRuns().filter((r) => r.sessionKey === entry.sessionKey);
        const children = registry?.children(entry.sessionKey) ?? [];
        return jsonResult({
          ...rowOf(entry, describeSessionKey(entry.sessionKey, runtime.mainKey).kind, undefined),
          agentId: entry.agentId,
          model: entry.modelOverride ?? agent.model.primary,
          thinkingLevel: entry.thinkingOverride ?? agent.thinking ?? "off",
          inputTokens: entry.inputTokens ?? 0,
          outputTokens: entry.outputTokens ?? 0,
          compactions: entry.compactionCount ?? 0,
          running: runs.some((r) => r.started),
          waitingRuns: runs.filter((r) => !r.started).length,
          subagents: {
            running: children.filter((c) => c.status === "running").length,
            finished: children.filter((c) => c.status !== "running").length,
          },
        });
      }),
  };
}

function rowOf(entry: SessionEntry, kind: SessionKind, channel: string | undefined) {
  return {
    key: entry.sessionKey,
    kind,
    ...(channel ? { channel } : {}),
    sessionId: entry.sessionId,
    updatedAt: entry.updatedAt,
    ...(entry.modelOverride ? { model: entry.modelOverride } : {}),
    contextTokens: entry.contextTokens ?? 0,
    totalTokens: (entry.inputTokens ?? 0) + (entry.outputTokens ?? 0),
    ...(entry.thinkingOverride ? { thinkingLevel: entry.thinkingOverride } : {}),
    ...(typeof entry.flags?.sendPolicy === "string" ? { sendPolicy: entry.flags.sendPolicy } : {}),
    ...(typeof entry.flags?.spawnedBy === "string" ? { spawnedBy: entry.flags.spawnedBy } : {}),
  };
}

function channelOf(entry: SessionEntry, info: ReturnType<typeof describeSessionKey>): string {
  if (info.kind === "cron" || info.kind === "hook" || info.kind === "node" || info.isSubagent)
    return "internal";
  return info.channel ?? entry.origin?.channel ?? "unknown";
}

function withoutTools(messages: Message[]): Message[] {
  return messages.filter((m) => m.role !== "toolResult");
}

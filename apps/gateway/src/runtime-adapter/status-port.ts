/** The gateway's status port: health and status summaries of the runtime, and the log tail. */
import type { AgentRuntime, PersistentSessionStore, SessionEntry } from "@claw/agent-core";
import { DEFAULT_HEARTBEAT_PROMPT } from "@claw/cron";
import type { StatusPort } from "@claw/gateway";
import type { CronAssembly } from "../assemble/cron.js";
import { DEFAULT_ACK_MAX_CHARS } from "../assemble/heartbeat-agents.js";
import type { ModelResolver } from "../assemble/models.js";
import type { LogFile } from "./log-file.js";

export interface StatusPortParts {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  models: ModelResolver;
  logs: LogFile;
  version: string;
  stateDir: string;
  cron?: CronAssembly;
}

export function createStatusPort(parts: StatusPortParts): StatusPort {
  const { runtime, sessions } = parts;
  const defaultAgent = runtime.resolveAgent(undefined);
  const beats = () => new Map((parts.cron?.heartbeat.status() ?? []).map((b) => [b.agentId, b]));
  return {
    async health() {
      const list = await sessions.list();
      const heartbeat = beats();
      return {
        defaultAgentId: defaultAgent.id,
        heartbeatSeconds: Math.round((heartbeat.get(defaultAgent.id)?.everyMs ?? 0) / 1000),
        // OpenClaw's closed schema: no extra fields here (the next beat and last outcome are in `status`).
        agents: runtime.agents.map((a) => {
          const beat = heartbeat.get(a.id);
          return {
            agentId: a.id,
            isDefault: a.id === defaultAgent.id,
            heartbeat: {
              enabled: beat?.enabled ?? false,
              every: beat?.every ?? "disabled",
              everyMs: beat?.everyMs ?? null,
              prompt: beat?.prompt ?? DEFAULT_HEARTBEAT_PROMPT,
              // OpenClaw always names a target; "none" keeps replies in the session.
              target: beat?.target ?? "none",
              ackMaxChars: beat?.ackMaxChars ?? DEFAULT_ACK_MAX_CHARS,
            },
            sessions: sessionsSummary(
              parts.stateDir,
              list.filter((s) => s.agentId === a.id),
            ),
          };
        }),
        sessions: sessionsSummary(parts.stateDir, list),
      };
    },
    async status() {
      const list = await sessions.list();
      const heartbeat = beats();
      return {
        runtimeVersion: parts.version,
        heartbeat: {
          defaultAgentId: defaultAgent.id,
          agents: runtime.agents.map((a) => {
            const beat = heartbeat.get(a.id);
            const last = beat?.last;
            return {
              agentId: a.id,
              enabled: beat?.enabled ?? false,
              every: beat?.every ?? "disabled",
              everyMs: beat?.everyMs ?? null,
              ...(beat?.nextBeatAtMs !== undefined ? { nextBeatAtMs: beat.nextBeatAtMs } : {}),
              ...(last
                ? {
                    lastBeat: {
                      atMs: last.atMs,
                      outcome: last.outcome,
                      reason: last.reason,
                      delivered: last.delivered,
                      ...(last.skipReason ? { skipReason: last.skipReason } : {}),
                      ...(last.error ? { error: last.error } : {}),
                    },
                  }
                : {}),
            };
          }),
        },
        channelSummary: [],
        queuedSystemEvents: parts.cron?.queuedSystemEvents() ?? [],
        sessions: {
          paths: [parts.stateDir],
          count: list.length,
          defaults: {
            model: defaultAgent.model.primary,
            contextTokens: parts.models.resolve(defaultAgent.model.primary)?.contextWindow ?? null,
          },
          recent: list.slice(0, 5).map((s) => ({
            key: s.sessionKey,
            updatedAt: s.updatedAt,
            ...(s.costUsd !== undefined ? { estimatedCostUsd: s.costUsd } : {}),
            ...(s.lastModel ? { lastModel: s.lastModel } : {}),
          })),
        },
      };
    },
    tailLogs: (query) => parts.logs.tail(query),
  };
}

/** OpenClaw's sessions summary: where they live, how many, and the five most recent. */
function sessionsSummary(path: string, list: readonly SessionEntry[]) {
  const now = Date.now();
  return {
    path,
    count: list.length,
    recent: list
      .slice(0, 5)
      .map((s) => ({ key: s.sessionKey, updatedAt: s.updatedAt, age: now - s.updatedAt })),
  };
}

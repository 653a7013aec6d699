/** The gateway's status port: health and status summaries of the runtime, and the log tail. */
import type { AgentRuntime, PersistentSessionStore } from "@claw/agent-core";
import type { StatusPort } from "@claw/gateway";
import type { CronAssembly } from "../assemble/cron.js";
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
        agents: runtime.agents.map((a) => {
          const beat = heartbeat.get(a.id);
          return {
            agentId: a.id,
            isDefault: a.id === defaultAgent.id,
            heartbeat: {
              enabled: beat?.enabled ?? false,
              every: beat?.every ?? "disabled",
              everyMs: beat?.everyMs ?? null,
              ...(beat ? { ackMaxChars: beat.ackMaxChars, prompt: beat.prompt } : {}),
              // OpenClaw always names a target; "none" keeps replies in the session.
              target: beat?.target ?? "none",
              ...(beat?.nextBeatAtMs !== undefined ? { nextBeatAtMs: beat.nextBeatAtMs } : {}),
              ...(beat?.last ? { lastOutcome: beat.last.outcome } : {}),
            },
          };
        }),
        sessions: {
          path: parts.stateDir,
          count: list.length,
          recent: list
            .slice(0, 5)
            .map((s) => ({ key: s.sessionKey, updatedAt: s.updatedAt, age: Date.now() - s.updatedAt })),
        },
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

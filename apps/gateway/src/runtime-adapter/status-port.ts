/** The gateway's status port: health and status summaries of the runtime, and the log tail. */
import type { AgentRuntime, PersistentSessionStore } from "@claw/agent-core";
import type { StatusPort } from "@claw/gateway";
import type { ModelResolver } from "../assemble/models.js";
import type { LogFile } from "./log-file.js";

export interface StatusPortParts {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  models: ModelResolver;
  logs: LogFile;
  version: string;
  stateDir: string;
}

export function createStatusPort(parts: StatusPortParts): StatusPort {
  const { runtime, sessions } = parts;
  const defaultAgent = runtime.resolveAgent(undefined);
  return {
    async health() {
      const list = await sessions.list();
      return {
        defaultAgentId: defaultAgent.id,
        heartbeatSeconds: 0,
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
      return {
        runtimeVersion: parts.version,
        heartbeat: {
          defaultAgentId: defaultAgent.id,
          agents: runtime.agents.map((a) => ({
            agentId: a.id,
            enabled: false,
            every: "disabled",
            everyMs: null,
          })),
        },
        channelSummary: [],
        queuedSystemEvents: [],
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

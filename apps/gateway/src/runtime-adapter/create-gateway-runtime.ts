/**
 * Adapts the agent runtime (and the assembled config, models, skills, logs) to the gateway's
 * `GatewayRuntime` contract. The gateway never sees agent-core's internals.
 */
import { rm } from "node:fs/promises";
import {
  type AgentRuntime,
  type CommandOptions,
  handleCommand,
  type PersistentSessionStore,
} from "@claw/agent-core";
import { type GatewayRuntime, type RunEvent, type RunHandle, RuntimeError } from "@claw/gateway";
import type { ThinkingLevel } from "@claw/providers";
import { TOOL_PROFILE_IDS } from "@claw/tool-policy";
import type { AssembledAgent } from "../assemble/agents.js";
import type { ModelResolver } from "../assemble/models.js";
import { unknownModelMessage } from "../assemble/models.js";
import { DEFAULT_OLLAMA_URL, type ServerProbe } from "../assemble/ollama-probe.js";
import { commandRunHandle } from "./command-run.js";
import type { ConfigAccess } from "./config-access.js";
import { effectiveTools } from "./effective-tools.js";
import type { LogFile } from "./log-file.js";
import { toChatMessage, toSessionRow } from "./session-rows.js";

const THINKING: readonly ThinkingLevel[] = ["off", "minimal", "low", "medium", "high"];
/** Finished runs whose ids waitRun still knows; the agent runtime keeps as many results. */
const FINISHED_RUNS_KEPT = 500;

export interface GatewayRuntimeParts {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  hasCredential: (provider: string) => boolean;
  /** Whether a keyless local server (Ollama) answers; its models are unavailable while it does not. */
  ollama?: ServerProbe;
  config: ConfigAccess;
  logs: LogFile;
  version: string;
  stateDir: string;
  toolProfile?: string;
  /** Command handling (`/stop` children, `/compact`, …); commands are off when omitted. */
  commands?: CommandOptions;
}

export function createGatewayRuntime(parts: GatewayRuntimeParts): GatewayRuntime {
  const { runtime, sessions } = parts;
  const known = new Set<string>();
  const finished: string[] = [];
  const defaultAgent = runtime.resolveAgent(undefined);
  const agentModel = (agentId: string) => runtime.agents.find((a) => a.id === agentId)?.model.primary;

  const requireSession = async (key: string) => {
    const entry = await sessions.get(key);
    if (!entry) throw new RuntimeError("NOT_FOUND", `No session "${key}". List sessions with sessions.list.`);
    return entry;
  };

  const startRun = (input: Parameters<GatewayRuntime["runAgent"]>[0]): RunHandle => {
    const handle = runtime.run({
      sessionKey: input.sessionKey,
      agentId: input.agentId,
      message: input.message,
      model: input.model,
      thinking: input.thinking as ThinkingLevel | undefined,
      signal: input.signal,
      senderIsOwner: true,
    });
    known.add(handle.runId);
    void handle.result.then(() => {
      finished.push(handle.runId);
      while (finished.length > FINISHED_RUNS_KEPT) known.delete(finished.shift() as string);
    });
    const events: AsyncIterable<RunEvent> = {
      async *[Symbol.asyncIterator]() {
        for await (const event of handle.events)
          yield { ...event, sessionKey: event.sessionKey ?? input.sessionKey };
      },
    };
    return {
      runId: handle.runId,
      events,
      result: handle.result.then((r) => ({
        runId: r.runId,
        status: r.status,
        text: r.text,
        ...(r.error ? { error: r.error.message } : {}),
        usage: { inputTokens: r.usage.input, outputTokens: r.usage.output, totalTokens: r.usage.totalTokens },
      })),
    };
  };

  return {
    async runAgent(input) {
      if (input.thinking !== undefined && !THINKING.includes(input.thinking as ThinkingLevel)) {
        throw new RuntimeError(
          "INVALID",
          `thinking must be one of ${THINKING.join(", ")}; got "${input.thinking}"`,
        );
      }
      if (input.model !== undefined && !parts.models.resolve(input.model)) {
        throw new RuntimeError("INVALID", unknownModelMessage(input.model, parts.models.list()));
      }
      if (input.agentId !== undefined && !runtime.agents.some((a) => a.id === input.agentId)) {
        throw new RuntimeError(
          "INVALID",
          `Unknown agent "${input.agentId}". Known agents: ${runtime.agents.map((a) => a.id).join(", ")}.`,
        );
      }
      if (parts.commands && input.message.trimStart().startsWith("/")) {
        const reply = await handleCommand(runtime, input.sessionKey, input.message, {
          ...parts.commands,
          senderIsOwner: true,
        });
        if (reply) {
          if (!reply.passThrough) return commandRunHandle(input.sessionKey, reply);
          return startRun({ ...input, message: reply.passThrough });
        }
      }
      return startRun(input);
    },
    abortRun: (target) => runtime.abort(target, "aborted by a gateway client"),
    async waitRun(runId, timeoutMs) {
      if (!known.has(runId)) return null;
      const result = await runtime.wait(runId, timeoutMs);
      if (!result) return { runId, status: "timeout" };
      return {
        runId,
        status: result.status,
        startedAt: result.startedAt,
        endedAt: result.endedAt,
        ...(result.error ? { error: result.error.message } : {}),
      };
    },
    async listSessions(query) {
      let rows = (await sessions.list({ agentId: query.agentId })).map((e) => toSessionRow(e, agentModel));
      if (query.search) {
        const needle = query.search.toLowerCase();
        rows = rows.filter(
          (r) =>
            r.key.toLowerCase().includes(needle) ||
            String(r.label ?? "")
              .toLowerCase()
              .includes(needle),
        );
      }
      const offset = query.offset ?? 0;
      return rows.slice(offset, offset + (query.limit ?? 200));
    },
    async patchSession(key, patch) {
      const entry = await requireSession(key);
      const next: Parameters<typeof sessions.patch>[1] = {};
      for (const [field, value] of Object.entries(patch)) {
        if (field === "model") {
          if (value !== null && (typeof value !== "string" || !parts.models.resolve(value)))
            throw new RuntimeError("INVALID", `Unknown model "${String(value)}".`);
          next.modelOverride = value === null ? undefined : value;
        } else if (field === "thinking" || field === "thinkingLevel") {
          if (value !== null && !THINKING.includes(value as ThinkingLevel))
            throw new RuntimeError("INVALID", `thinking must be one of ${THINKING.join(", ")}.`);
          next.thinkingOverride = value === null ? undefined : (value as ThinkingLevel);
        } else if (field === "label") {
          next.flags = { ...entry.flags, label: value === null ? undefined : String(value) };
        } else if (field !== "key") {
          throw new RuntimeError(
            "INVALID",
            `sessions.patch cannot change "${field}"; patchable: model, thinking, label.`,
          );
        }
      }
      const updated = await sessions.patch(key, next);
      if (!updated) throw new RuntimeError("NOT_FOUND", `No session "${key}".`);
      return toSessionRow(updated, agentModel);
    },
    async resetSession(key) {
      runtime.abort({ sessionKey: key }, "session reset");
      // The aborted run still writes its last messages; let it finish into the old transcript.
      await runtime.idle(key);
      const existing = await sessions.get(key);
      const entry = existing
        ? await sessions.reset(key)
        : await sessions.resolve(key, { agentId: runtime.resolveAgent(undefined, key).id });
      return { sessionId: entry?.sessionId };
    },
    async deleteSession(key, options) {
      const entry = await sessions.get(key);
      if (!entry) return false;
      runtime.abort({ sessionKey: key }, "session deleted");
      // Otherwise the aborted run's last writes recreate the index row and the transcript.
      await runtime.idle(key);
      const deleted = await sessions.delete(key);
      if (options.deleteTranscript) await rm(sessions.transcriptPath(entry), { force: true });
      return deleted;
    },
    async chatHistory(sessionKey, limit) {
      // slice(-0) would return the whole transcript and a negative limit would cut its start.
      if (!Number.isInteger(limit) || limit < 1)
        throw new RuntimeError("INVALID", `history limit must be a positive integer; got ${String(limit)}`);
      const entry = await sessions.get(sessionKey);
      if (!entry) return [];
      const messages = await sessions.loadMessages(entry);
      return messages.slice(-limit).map(toChatMessage);
    },
    async listAgents() {
      return runtime.agents.map((a) => ({ agentId: a.id, isDefault: a.id === defaultAgent.id }));
    },
    async listModels() {
      const models = parts.models.list();
      const servers = new Map<string, Promise<boolean>>();
      for (const m of models)
        if (m.api === "ollama-chat" && parts.ollama && !servers.has(m.baseUrl ?? DEFAULT_OLLAMA_URL))
          servers.set(
            m.baseUrl ?? DEFAULT_OLLAMA_URL,
            parts.ollama.reachable(m.baseUrl ?? DEFAULT_OLLAMA_URL),
          );
      const answering = new Map<string, boolean>();
      for (const [url, answer] of servers) answering.set(url, await answer);
      return models.map((m) => ({
        id: m.id,
        name: m.name ?? m.id,
        provider: m.provider,
        available:
          parts.hasCredential(m.provider) &&
          (m.api !== "ollama-chat" || answering.get(m.baseUrl ?? DEFAULT_OLLAMA_URL) !== false),
        contextWindow: m.contextWindow,
        reasoning: m.reasoning,
        supportsTools: true,
      }));
    },
    async effectiveTools(query) {
      const agent = parts.agents.find(
        (a) => a.definition.id === (query.agentId ?? runtime.resolveAgent(undefined, query.sessionKey).id),
      );
      if (!agent) throw new RuntimeError("NOT_FOUND", `Unknown agent "${query.agentId}".`);
      const model = parts.models.resolve(agent.definition.model.primary);
      if (!model)
        throw new RuntimeError(
          "UNAVAILABLE",
          `The agent's model "${agent.definition.model.primary}" is unknown.`,
        );
      const profile =
        parts.toolProfile && (TOOL_PROFILE_IDS as readonly string[]).includes(parts.toolProfile)
          ? parts.toolProfile
          : "full";
      return effectiveTools(agent, model, query.sessionKey, profile);
    },
    async listSkills(query) {
      const agent =
        parts.agents.find((a) => a.definition.id === (query.agentId ?? defaultAgent.id)) ?? parts.agents[0];
      if (!agent) return [];
      const snapshot = await agent.skills.ready();
      return snapshot.skills.map((s) => ({
        name: s.name,
        description: s.description,
        source: s.source,
        enabled: true,
        path: s.location,
      }));
    },
    async memorySearch(query) {
      const agent = parts.agents.find((a) => a.definition.id === (query.agentId ?? defaultAgent.id));
      if (!agent) throw new RuntimeError("NOT_FOUND", `Unknown agent "${query.agentId}".`);
      if (!agent.memory)
        throw new RuntimeError(
          "UNAVAILABLE",
          `Memory search is disabled for agent "${agent.definition.id}" (agents.*.memorySearch.enabled).`,
        );
      const response = await agent.memory.search(query.query, { maxResults: query.limit });
      return response.results.map((r) => ({
        path: r.path,
        startLine: r.startLine,
        endLine: r.endLine,
        score: r.score,
        snippet: r.snippet,
      }));
    },
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
          recent: list.slice(0, 5).map((s) => ({ key: s.sessionKey, updatedAt: s.updatedAt })),
        },
      };
    },
    config: parts.config,
    tailLogs: (query) => parts.logs.tail(query),
  };
}

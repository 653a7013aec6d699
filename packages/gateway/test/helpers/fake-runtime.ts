import type { GatewayRuntime, RunAgentInput, RunEvent, RunHandle, RunResult } from "../../src/index.js";
import { RuntimeError } from "../../src/index.js";

/** A tiny push-based async iterable. */
function channel<T>() {
  const buffered: T[] = [];
  let waiting: ((r: IteratorResult<T>) => void) | undefined;
  let done = false;
  return {
    push(v: T) {
      if (waiting) {
        waiting({ value: v, done: false });
        waiting = undefined;
      } else buffered.push(v);
    },
    end() {
      done = true;
      waiting?.({ value: undefined, done: true });
    },
    iterable: {
      [Symbol.asyncIterator]: () => ({
        next: () =>
          new Promise<IteratorResult<T>>((resolve) => {
            const v = buffered.shift();
            if (v !== undefined) resolve({ value: v, done: false });
            else if (done) resolve({ value: undefined, done: true });
            else waiting = resolve;
          }),
      }),
    } as AsyncIterable<T>,
  };
}

/**
 * In-memory runtime for tests. Messages script the run:
 * "hang" waits until aborted; "fail" ends in error; "gate" waits for `releaseGate()`;
 * "burst:<n>" streams "t0 t1 … t<n-1> " in n deltas at once; anything else streams
 * "echo: <message>" in two deltas. Both end ok.
 */
export function createFakeRuntime() {
  let counter = 0;
  const runs: RunAgentInput[] = [];
  let releaseGate: () => void = () => {};
  let gate = new Promise<void>((r) => {
    releaseGate = r;
  });
  const sessions = new Map<string, { key: string; kind: "direct"; label?: string; updatedAt: number }>([
    ["agent:main:main", { key: "agent:main:main", kind: "direct", updatedAt: 1 }],
  ]);
  let configText = '{"gateway":{"port":18789}}';

  const runtime: GatewayRuntime = {
    runAgent(input): RunHandle {
      runs.push(input);
      const runId = `run-${++counter}`;
      const ch = channel<RunEvent>();
      let seq = 0;
      const emit = (stream: RunEvent["stream"], data: Record<string, unknown>) =>
        ch.push({ runId, seq: seq++, stream, ts: Date.now(), data, sessionKey: input.sessionKey });
      const result = (async (): Promise<RunResult> => {
        await Promise.resolve();
        emit("lifecycle", { phase: "start" });
        const aborted = new Promise<void>((r) =>
          input.signal.addEventListener("abort", () => r(), { once: true }),
        );
        let outcome: RunResult;
        if (input.message === "hang") {
          await aborted;
          outcome = { runId, status: "aborted", error: "aborted" };
        } else if (input.message === "fail") {
          outcome = { runId, status: "error", error: "scripted failure" };
        } else {
          if (input.message === "gate") await Promise.race([gate, aborted]);
          if (input.signal.aborted) outcome = { runId, status: "aborted", error: "aborted" };
          else if (input.message.startsWith("burst:")) {
            const parts = Array.from({ length: Number(input.message.slice(6)) }, (_, i) => `t${i} `);
            for (const delta of parts) emit("assistant", { delta });
            outcome = { runId, status: "ok", text: parts.join("") };
          } else {
            const text = `echo: ${input.message}`;
            emit("assistant", { delta: text.slice(0, 6) });
            emit("assistant", { delta: text.slice(6) });
            outcome = {
              runId,
              status: "ok",
              text,
              usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 },
            };
          }
        }
        emit("lifecycle", { phase: outcome.status === "ok" ? "end" : "error" });
        ch.end();
        return outcome;
      })();
      return { runId, events: ch.iterable, result };
    },
    abortRun: () => 0,
    waitRun: async () => null,
    listSessions: async () => [...sessions.values()],
    patchSession: async (key, patch) => {
      const row = sessions.get(key);
      if (!row) throw new RuntimeError("NOT_FOUND", `no session "${key}"`);
      if (typeof patch.label === "string") row.label = patch.label;
      return row;
    },
    resetSession: async () => ({ sessionId: "s-new" }),
    deleteSession: async (key) => sessions.delete(key),
    chatHistory: async () => [{ role: "user", content: "hi", timestamp: 1 }],
    listAgents: async () => [
      { agentId: "main", isDefault: true },
      { agentId: "coder", isDefault: false },
    ],
    listModels: async () => [
      { id: "claude-opus-4-6", name: "Claude Opus 4.6", provider: "anthropic", contextWindow: 200000 },
    ],
    effectiveTools: async ({ agentId }) => ({
      agentId: agentId ?? "main",
      profile: "coding",
      groups: [
        {
          id: "core",
          label: "Core",
          source: "core",
          tools: [
            {
              id: "read",
              label: "read",
              description: "Read a file",
              rawDescription: "Read a file",
              source: "core",
            },
          ],
        },
      ],
    }),
    listSkills: async () => [
      { name: "weather", description: "Forecasts", source: "workspace", enabled: true },
    ],
    health: async () => ({
      defaultAgentId: "main",
      channels: {},
      channelOrder: [],
      channelLabels: {},
      heartbeatSeconds: 1800,
      configReload: { hotReloadStatus: "active" },
      sessions: {
        path: "/tmp/claw/state.db",
        count: sessions.size,
        recent: [{ key: "agent:main:main", updatedAt: 1, age: 5 }],
      },
    }),
    status: async () => ({
      runtimeVersion: "0.1.0",
      heartbeat: {
        defaultAgentId: "main",
        agents: [{ agentId: "main", enabled: true, every: "30m", everyMs: 1_800_000 }],
      },
      channelSummary: [],
      queuedSystemEvents: [],
      sessions: {
        paths: [],
        count: sessions.size,
        defaults: { model: null, contextTokens: null },
        recent: [],
      },
    }),
    config: {
      get: async () => ({ config: JSON.parse(configText), hash: `h${configText.length}` }),
      patch: async (raw) => {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          throw new RuntimeError("INVALID", "config.patch: raw is not valid JSON5");
        }
        configText = JSON.stringify({ ...JSON.parse(configText), ...parsed });
        const changed = Object.keys(parsed);
        return {
          ok: true,
          hash: `h${configText.length}`,
          changedPaths: changed,
          hotApplied: changed.filter((p) => p !== "gateway"),
          restartRequired: changed.filter((p) => p === "gateway"),
        };
      },
      apply: async (raw) => {
        configText = raw;
        return {
          ok: true,
          hash: `h${raw.length}`,
          changedPaths: ["*"],
          hotApplied: [],
          restartRequired: ["gateway"],
        };
      },
    },
    tailLogs: async () => ({ file: "/tmp/claw/gateway.log", cursor: 2, size: 20, lines: ["a", "b"] }),
  };
  return {
    runtime,
    runs,
    releaseGate: () => {
      releaseGate();
      gate = new Promise<void>((r) => {
        releaseGate = r;
      });
    },
  };
}

import type { AgentEventData, AgentEventStream } from "@claw/protocol";
import type { GatewayPorts, RunEvent, RunHandle, RunInput, RunOutcome, RunsPort } from "../../src/index.js";
import { acceptInMemory, RuntimeError } from "../../src/index.js";

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
 * In-memory ports for tests. Messages script the run:
 * "hang" waits until aborted; "fail" ends in error; "gate" waits for `releaseGate()`;
 * "burst:<n>" streams "t0 t1 … t<n-1> " in n deltas at once; "long:<n>" streams one n-character
 * block in 100-character deltas carrying the running text (as agent-core does); anything else streams
 * "echo: <message>" in two deltas; "paced:<n>" streams n characters in 16 KiB deltas (no running text),
 * yielding to I/O between them. Both end ok. The runs port is a small registry of its own,
 * standing in for agent-core's (lookup, abort, wait).
 */
export function createFakeRuntime() {
  let counter = 0;
  const runs: RunInput[] = [];
  const registry = new Map<
    string,
    { sessionKey: string; controller: AbortController; result: Promise<RunOutcome>; done: boolean }
  >();
  let releaseGate: () => void = () => {};
  let gate = new Promise<void>((r) => {
    releaseGate = r;
  });
  const sessions = new Map<string, { key: string; kind: "direct"; label?: string; updatedAt: number }>([
    ["agent:main:main", { key: "agent:main:main", kind: "direct", updatedAt: 1 }],
  ]);
  let configText = '{"gateway":{"port":18789}}';

  const start = (input: RunInput): RunHandle => {
    runs.push(input);
    const runId = `run-${++counter}`;
    const controller = new AbortController();
    const signal = controller.signal;
    const ch = channel<RunEvent>();
    let seq = 0;
    const emit = <S extends AgentEventStream>(stream: S, data: AgentEventData<S>) =>
      ch.push({ runId, seq: seq++, stream, ts: Date.now(), data, sessionKey: input.sessionKey } as RunEvent);
    const result = (async (): Promise<RunOutcome> => {
      await Promise.resolve();
      const startedAt = Date.now();
      emit("lifecycle", { phase: "start", startedAt });
      const aborted = new Promise<void>((r) => signal.addEventListener("abort", () => r(), { once: true }));
      let outcome: RunOutcome;
      if (input.message === "hang") {
        await aborted;
        outcome = { runId, status: "aborted", error: { message: "aborted" } };
      } else if (input.message === "fail") {
        outcome = { runId, status: "error", error: { message: "scripted failure" } };
      } else {
        if (input.message === "gate") await Promise.race([gate, aborted]);
        if (signal.aborted) outcome = { runId, status: "aborted", error: { message: "aborted" } };
        else if (input.message.startsWith("long:")) {
          // One text block of <n> characters in 100-character deltas, each with the running text.
          const size = Number(input.message.slice(5));
          let text = "";
          while (text.length < size) {
            const delta = String(text.length % 10).repeat(Math.min(100, size - text.length));
            text += delta;
            emit("assistant", { delta, text });
          }
          outcome = { runId, status: "ok", text };
        } else if (input.message.startsWith("paced:")) {
          // <n> characters in 16 KiB deltas without snapshots, one macrotask apart so readers read.
          const size = Number(input.message.slice(6));
          let sent = 0;
          while (sent < size && !signal.aborted) {
            const delta = String((sent / 16384) % 10).repeat(Math.min(16384, size - sent));
            sent += delta.length;
            emit("assistant", { delta });
            await new Promise((r) => setImmediate(r));
          }
          outcome = { runId, status: "ok", text: String(sent) };
        } else if (input.message.startsWith("burst:")) {
          const parts = Array.from({ length: Number(input.message.slice(6)) }, (_, i) => `t${i} `);
          for (const delta of parts) emit("assistant", { delta, text: delta });
          outcome = { runId, status: "ok", text: parts.join("") };
        } else {
          const text = `echo: ${input.message}`;
          emit("assistant", { delta: text.slice(0, 6), text: text.slice(0, 6) });
          emit("assistant", { delta: text.slice(6), text });
          outcome = { runId, status: "ok", text, usage: { input: 3, output: 4, totalTokens: 7 } };
        }
      }
      const endedAt = Date.now();
      if (outcome.status === "ok") emit("lifecycle", { phase: "end", status: "ok", startedAt, endedAt });
      else
        emit("lifecycle", {
          phase: "error",
          status: outcome.status,
          startedAt,
          endedAt,
          error: outcome.error?.message ?? outcome.status,
        });
      ch.end();
      return { ...outcome, startedAt, endedAt };
    })();
    const entry = { sessionKey: input.sessionKey, controller, result, done: false };
    registry.set(runId, entry);
    void result.then(() => {
      entry.done = true;
    });
    return { runId, events: ch.iterable, result };
  };

  const runsPort: RunsPort = {
    start,
    accept: acceptInMemory(start),
    abort(target) {
      let count = 0;
      for (const [runId, run] of registry) {
        const match = "runId" in target ? runId === target.runId : run.sessionKey === target.sessionKey;
        if (match && !run.done && !run.controller.signal.aborted) {
          run.controller.abort();
          count += 1;
        }
      }
      return count;
    },
    async wait(runId, timeoutMs) {
      const run = registry.get(runId);
      if (!run) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((r) => {
        timer = setTimeout(() => r(undefined), timeoutMs);
      });
      try {
        return await Promise.race([run.result, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    get: (runId) => {
      const run = registry.get(runId);
      return run ? { runId, sessionKey: run.sessionKey } : undefined;
    },
    active: () =>
      [...registry].filter(([, r]) => !r.done).map(([runId, r]) => ({ runId, sessionKey: r.sessionKey })),
  };

  const ports: GatewayPorts = {
    runs: runsPort,
    sessions: {
      list: async () => [...sessions.values()],
      patch: async (key, patch) => {
        const row = sessions.get(key);
        if (!row) throw new RuntimeError("NOT_FOUND", `no session "${key}"`);
        if (typeof patch.label === "string") row.label = patch.label;
        return row;
      },
      reset: async () => ({ sessionId: "s-new" }),
      delete: async (key) => sessions.delete(key),
      compact: async (key) =>
        sessions.has(key)
          ? { compacted: true as const, messages: 2 }
          : { compacted: false as const, reason: "no such session" },
      history: async () => [{ role: "user", content: "hi", timestamp: 1 }],
      describe: async (key) => sessions.get(key),
    },
    catalog: {
      agents: async () => [
        { agentId: "main", isDefault: true, model: { primary: "anthropic/claude-opus-4-6", fallbacks: [] } },
        { agentId: "coder", isDefault: false, name: "Coder", workspace: "/tmp/coder" },
      ],
      commands: async ({ agentId }) => [
        {
          name: "new",
          textAliases: ["/new"],
          description: `Start a new session (${agentId ?? "default agent"}).`,
          category: "session",
          source: "native",
          scope: "text",
          acceptsArgs: true,
        },
      ],
      models: async () => [
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
      skills: async () => [{ name: "weather", description: "Forecasts", source: "workspace", enabled: true }],
    },
    status: {
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
      tailLogs: async () => ({ file: "/tmp/claw/gateway.log", cursor: 2, size: 20, lines: ["a", "b"] }),
    },
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
  };
  return {
    ports,
    runs,
    releaseGate: () => {
      releaseGate();
      gate = new Promise<void>((r) => {
        releaseGate = r;
      });
    },
  };
}

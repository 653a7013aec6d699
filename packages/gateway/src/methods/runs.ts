import type { AgentWaitResult } from "@claw/protocol";
import type { GatewayLogger } from "../context.js";
import { ChatDeltaCoalescer } from "../events/chat-coalescer.js";
import type { EventHub } from "../events/hub.js";
import type { GatewayRuntime, RunAgentInput, RunEvent, RunResult } from "../runtime.js";

export interface TrackedRun {
  runId: string;
  sessionKey: string;
  startedAt: number;
  endedAt?: number;
  /** Settles after the run ended AND all its events were fanned out. */
  result: Promise<RunResult>;
  controller: AbortController;
}

export type StartRunInput = Omit<RunAgentInput, "signal">;

/**
 * Runs started through the gateway: starts them on the runtime, fans their events out as `agent`
 * and `chat` events, and lets methods wait for, abort and drain them.
 */
export class RunRegistry {
  private readonly runs = new Map<string, TrackedRun>();

  constructor(
    private readonly runtime: GatewayRuntime,
    private readonly hub: EventHub,
    private readonly logger: GatewayLogger,
    private readonly chatDeltaWindowMs = 150,
  ) {}

  /** Starts a run; `onEvent` sees every event (the OpenAI endpoint streams from it). */
  async start(input: StartRunInput, onEvent?: (event: RunEvent) => void): Promise<TrackedRun> {
    const controller = new AbortController();
    const handle = await this.runtime.runAgent({ ...input, signal: controller.signal });
    const ended = handle.result.catch(
      (err: unknown): RunResult => ({
        runId: handle.runId,
        status: "error",
        error: err instanceof Error ? err.message : String(err),
      }),
    );
    let settle: (r: RunResult) => void = () => {};
    const result = new Promise<RunResult>((resolve) => {
      settle = resolve;
    });
    const run: TrackedRun = {
      runId: handle.runId,
      sessionKey: input.sessionKey,
      startedAt: Date.now(),
      result,
      controller,
    };
    this.runs.set(run.runId, run);
    void this.pump(run, handle.events, ended, onEvent).then(settle);
    return run;
  }

  private async pump(
    run: TrackedRun,
    events: AsyncIterable<RunEvent>,
    ended: Promise<RunResult>,
    onEvent?: (event: RunEvent) => void,
  ): Promise<RunResult> {
    let chatSeq = 0;
    const deltas = new ChatDeltaCoalescer(this.chatDeltaWindowMs, (deltaText) => {
      const delta = {
        runId: run.runId,
        sessionKey: run.sessionKey,
        seq: ++chatSeq,
        state: "delta",
        deltaText,
      };
      this.hub.broadcast("chat", delta, { dropIfSlow: true });
    });
    try {
      for await (const ev of events) {
        const payload = { runId: ev.runId, seq: ev.seq, stream: ev.stream, ts: ev.ts, data: ev.data };
        this.hub.broadcast("agent", payload, { dropIfSlow: ev.stream === "assistant" });
        if (ev.stream === "assistant" && typeof ev.data.delta === "string") deltas.push(ev.data.delta);
        onEvent?.(ev);
      }
    } catch (err) {
      this.logger.warn("gateway: run event stream failed", { runId: run.runId, error: String(err) });
    }
    // Whatever text is still merged goes out before the final, so no delta trails it.
    deltas.flush();
    const result = await ended;
    run.endedAt = Date.now();
    const base = { runId: run.runId, sessionKey: run.sessionKey, seq: ++chatSeq };
    if (result.status === "ok") {
      const message = {
        role: "assistant",
        content: [{ type: "text", text: result.text ?? "" }],
        timestamp: run.endedAt,
      };
      this.hub.broadcast("chat", {
        ...base,
        state: "final",
        message,
        ...(result.usage ? { usage: result.usage } : {}),
      });
    } else {
      const state = result.status === "aborted" ? "aborted" : "error";
      this.hub.broadcast("chat", { ...base, state, errorMessage: result.error ?? result.status });
    }
    // Keep finished runs briefly so agent.wait right after the end still finds them.
    setTimeout(() => this.runs.delete(run.runId), 5 * 60_000).unref();
    return result;
  }

  get(runId: string): TrackedRun | undefined {
    return this.runs.get(runId);
  }

  active(): TrackedRun[] {
    return [...this.runs.values()].filter((r) => r.endedAt === undefined);
  }

  /** Waits for a run up to `timeoutMs`; `null` for an unknown run id. */
  async wait(runId: string, timeoutMs: number): Promise<AgentWaitResult | null> {
    const run = this.runs.get(runId);
    if (!run) {
      const remote = await this.runtime.waitRun(runId, timeoutMs);
      return remote ? { ...remote } : null;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const result = await Promise.race([run.result, timeout]);
    clearTimeout(timer);
    if (!result) return { runId, status: "timeout", startedAt: run.startedAt };
    const out: AgentWaitResult = {
      runId,
      status: result.status,
      startedAt: run.startedAt,
      endedAt: run.endedAt ?? Date.now(),
    };
    if (result.error) out.error = result.error;
    return out;
  }

  /** Aborts one run or every run of a session; returns how many were aborted. */
  async abort(target: { runId: string } | { sessionKey: string }): Promise<number> {
    const local = this.active().filter((r) =>
      "runId" in target ? r.runId === target.runId : r.sessionKey === target.sessionKey,
    );
    for (const r of local) r.controller.abort(new Error("aborted by request"));
    const remote = await this.runtime.abortRun(target);
    return Math.max(local.length, remote);
  }

  /** Lets active runs finish for `timeoutMs`, then aborts the rest and waits `graceMs` for them. */
  async drain(
    timeoutMs: number,
    graceMs = Math.min(2_000, timeoutMs),
  ): Promise<{ finished: number; aborted: number }> {
    const active = this.active();
    const settled = (ms: number) =>
      Promise.race([Promise.all(active.map((r) => r.result)), new Promise((r) => setTimeout(r, ms).unref())]);
    await settled(timeoutMs);
    const left = this.active();
    for (const r of left) {
      r.controller.abort(new Error("gateway shutting down"));
      await this.runtime.abortRun({ runId: r.runId });
    }
    if (left.length) await settled(graceMs);
    return { finished: active.length - left.length, aborted: left.length };
  }
}

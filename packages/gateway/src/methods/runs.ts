import type { GatewayLogger } from "../context.js";
import { AssistantSnapshots } from "../events/assistant-snapshots.js";
import { ChatDeltaCoalescer } from "../events/chat-coalescer.js";
import type { EventHub } from "../events/hub.js";
import type { RunEvent, RunHandle, RunInput, RunOutcome, RunsPort } from "../runtime.js";
import { runResultToWire } from "./run-result.js";

/** A run started through the gateway, as its starter sees it. */
export interface StartedRun {
  runId: string;
  sessionKey: string;
  startedAt: number;
  /** Settles after the run ended AND all its events were fanned out. */
  delivered: Promise<RunOutcome>;
}

/** A message accepted through the gateway: a new run (fanned out) or the first one of its key. */
export interface AcceptedMessage extends StartedRun {
  duplicate: boolean;
}

/**
 * Starts runs on the runs port and fans their events out as `agent` and `chat` events. It keeps
 * no run table: lookup, abort and wait belong to the runs port (agent-core's registry). It only
 * remembers which deliveries are still in flight, so shutdown can let them finish.
 */
export class RunFanout {
  private readonly inFlight = new Set<Promise<RunOutcome>>();
  /** Told when a run starts and after its last event went out (`sessions.changed`). */
  onRunChange?: (change: { sessionKey: string; runId: string; phase: "start" | "end" | "error" }) => void;

  constructor(
    private readonly runs: RunsPort,
    private readonly hub: EventHub,
    private readonly logger: GatewayLogger,
    private readonly chatDeltaWindowMs = 150,
  ) {}

  /** Starts a run; `onEvent` sees every event (the OpenAI endpoint streams from it). */
  async start(input: RunInput, onEvent?: (event: RunEvent) => void): Promise<StartedRun> {
    const startedAt = Date.now();
    return this.fanOut(input.sessionKey, await this.runs.start(input), startedAt, onEvent);
  }

  /**
   * Accepts a message durably (once per `input.idempotencyKey`) and fans out its run's events;
   * a repeat of the key gets the first run's id, and `delivered` settles with its outcome.
   */
  async accept(input: RunInput): Promise<AcceptedMessage> {
    const accepted = await this.runs.accept(input);
    if (accepted.handle)
      return { ...this.fanOut(input.sessionKey, accepted.handle, accepted.acceptedAt), duplicate: false };
    return {
      runId: accepted.runId,
      sessionKey: input.sessionKey,
      startedAt: accepted.acceptedAt,
      delivered: accepted.done,
      duplicate: true,
    };
  }

  private fanOut(
    sessionKey: string,
    handle: RunHandle,
    startedAt: number,
    onEvent?: (event: RunEvent) => void,
  ): StartedRun {
    const ended = handle.result.catch(
      (err: unknown): RunOutcome => ({
        runId: handle.runId,
        status: "error",
        error: { message: err instanceof Error ? err.message : String(err) },
      }),
    );
    const run = { runId: handle.runId, sessionKey };
    const delivered = this.pump(run, handle.events, ended, onEvent);
    this.inFlight.add(delivered);
    this.onRunChange?.({ ...run, phase: "start" });
    void delivered.then((result) => {
      this.inFlight.delete(delivered);
      this.onRunChange?.({ ...run, phase: result.status === "ok" ? "end" : "error" });
    });
    return { ...run, startedAt, delivered };
  }

  private async pump(
    run: { runId: string; sessionKey: string },
    events: AsyncIterable<RunEvent>,
    ended: Promise<RunOutcome>,
    onEvent?: (event: RunEvent) => void,
  ): Promise<RunOutcome> {
    let chatSeq = 0;
    const deltas = new ChatDeltaCoalescer(this.chatDeltaWindowMs, (deltaText) => {
      const delta = { ...run, seq: ++chatSeq, state: "delta", deltaText };
      this.hub.broadcast("chat", delta, { dropIfSlow: true });
    });
    const snapshots = new AssistantSnapshots();
    try {
      for await (const ev of events) {
        const data = ev.stream === "assistant" ? snapshots.toWire(ev.data) : ev.data;
        const payload = { runId: ev.runId, seq: ev.seq, stream: ev.stream, ts: ev.ts, data };
        this.hub.broadcast("agent", payload, { dropIfSlow: ev.stream === "assistant" });
        if (ev.stream === "assistant" && ev.data.kind === undefined) deltas.push(ev.data.delta);
        onEvent?.(ev);
      }
    } catch (err) {
      this.logger.warn("gateway: run event stream failed", { runId: run.runId, error: String(err) });
    }
    // Whatever text is still merged goes out before the final, so no delta trails it.
    deltas.flush();
    const result = await ended;
    const base = { ...run, seq: ++chatSeq };
    if (result.status === "ok") {
      const message = {
        role: "assistant",
        content: [{ type: "text", text: result.text ?? "" }],
        timestamp: result.endedAt ?? Date.now(),
      };
      const { usage } = runResultToWire(result, "agent");
      this.hub.broadcast("chat", { ...base, state: "final", message, ...(usage ? { usage } : {}) });
    } else {
      const state = result.status === "aborted" ? "aborted" : "error";
      this.hub.broadcast("chat", { ...base, state, errorMessage: result.error?.message ?? result.status });
    }
    return result;
  }

  /**
   * Lets active runs finish for `timeoutMs`, then aborts the rest (through the runs port) and
   * waits `graceMs` for their last events to go out.
   */
  async drain(
    timeoutMs: number,
    graceMs = Math.min(2_000, timeoutMs),
  ): Promise<{ finished: number; aborted: number }> {
    const before = this.runs.active().length;
    const settled = (ms: number) =>
      Promise.race([Promise.all(this.inFlight), new Promise((r) => setTimeout(r, ms).unref())]);
    await settled(timeoutMs);
    const left = this.runs.active();
    for (const r of left) this.runs.abort({ runId: r.runId }, "gateway shutting down");
    if (left.length) await settled(graceMs);
    return { finished: Math.max(0, before - left.length), aborted: left.length };
  }
}

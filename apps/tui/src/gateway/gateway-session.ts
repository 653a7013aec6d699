/**
 * The TUI's link to the gateway: connects (retrying until the gateway is up), feeds `agent` and
 * `chat` events into the state, tracks the connection, refreshes everything after a reconnect or
 * a seq gap, and offers the few calls the commands need.
 */
import { randomUUID } from "node:crypto";
import {
  type AgentEvent,
  type ChatEvent,
  CLIENT_ERROR_CODES,
  ClawClient,
  GatewayRequestError,
  type MethodName,
  type MethodResult,
  type RequestArgs,
} from "@claw/client";
import { itemsFromHistory, RunBinding } from "@claw/client/chat-view";
import { readCompactionSummary } from "@claw/compaction";
import { buildMainSessionKey, DEFAULT_MAIN_KEY } from "@claw/ids";
import type { ApprovalChoice, PendingApproval } from "../components/approval-prompt.js";
import type { Action, TuiState } from "../state/types.js";
import { type ModelRow, type SessionRowLike, sessionInfo } from "./session-info.js";

export interface GatewayTarget {
  url: string;
  token?: string;
  password?: string;
  /** Where the device identity lives (the Claw state dir). */
  stateDir?: string;
}

export interface GatewaySessionOptions extends GatewayTarget {
  dispatch(action: Action): void;
  getState(): TuiState;
  /** Open the gateway's default agent's main session once connected (no session was asked for). */
  followDefaultSession?: boolean;
  /** Open this agent's main session (under the gateway's `session.mainKey`) once connected. */
  followAgentMainSession?: string;
  /** Reconnect back-off (ms); tests shorten it. */
  reconnectDelayMs?: { initial: number; max: number };
  /** Told the pending exec approvals whenever they change (requests, resolutions, reconnects). */
  onApprovals?(pending: PendingApproval[]): void;
}

const compactionSummary = (text: string) =>
  readCompactionSummary({ role: "user", content: text, timestamp: 0 });

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The request failed because the socket is down (not because the gateway said no). */
const CONNECTION_LOST: ReadonlySet<string | undefined> = new Set([
  CLIENT_ERROR_CODES.NOT_CONNECTED,
  CLIENT_ERROR_CODES.CONNECTION_CLOSED,
]);

export class GatewaySession {
  readonly client: ClawClient;
  /** Which session each run belongs to; `agent` events of unbound runs are held until bound. */
  private readonly binding = new RunBinding<AgentEvent>();
  /** Runs that streamed across a gap: their text on screen is incomplete until the history reload. */
  private readonly missed = new Set<string>();
  private stopped = false;
  private lastFrameAt = Date.now();
  private watchdog?: NodeJS.Timeout;
  /** What the footer and completions know: filled by `refresh`. */
  models: ModelRow[] = [];
  agents: string[] = [];
  sessions: SessionRowLike[] = [];
  defaults: { model?: string; contextTokens?: number } = {};

  constructor(private readonly options: GatewaySessionOptions) {
    const delays = options.reconnectDelayMs ?? { initial: 500, max: 5000 };
    this.client = new ClawClient({
      url: options.url,
      token: options.token,
      password: options.password,
      stateDir: options.stateDir,
      client: { id: "claw-tui", mode: "cli" },
      scopes: ["operator.read", "operator.write", "operator.admin"],
      reconnect: { enabled: true, initialDelayMs: delays.initial, maxDelayMs: delays.max },
      onHello: () => this.dispatch({ type: "connection", state: "connected" }),
      onGap: (gap) => {
        if (gap.reason === "seq") this.notice("info", "missed some events — refreshing");
        void this.refresh({ history: true });
        void this.recoverActiveRun();
      },
    });
    this.client.on("*", () => {
      this.lastFrameAt = Date.now();
    });
    this.client.on("agent", (event) => {
      if (this.binding.route(event) === this.options.getState().session.key)
        this.dispatch({ type: "agent-event", event });
    });
    this.client.on("chat", (chat) => this.onChat(chat));
    this.client.on("shutdown", () => this.dispatch({ type: "connection", state: "reconnecting" }));
    this.client.on("exec.approval.requested", (approval) => {
      this.approvals = [...this.approvals.filter((a) => a.id !== approval.id), approval];
      this.options.onApprovals?.(this.approvals);
    });
    this.client.on("exec.approval.resolved", (resolved) => {
      this.approvals = this.approvals.filter((a) => a.id !== resolved.id);
      this.options.onApprovals?.(this.approvals);
    });
  }

  /** Commands waiting for approval, oldest first. */
  approvals: PendingApproval[] = [];

  /** Decides a pending approval; the gateway's `exec.approval.resolved` then clears it. */
  async resolveApproval(id: string, decision: ApprovalChoice): Promise<void> {
    const result = await this.call("exec.approval.resolve", { id, decision });
    if (result) this.notice("info", `${decision}: ${id.slice(0, 8)}`);
  }

  /** The gateway's `session.mainKey` (from hello-ok), "main" before the first hello. */
  get mainKey(): string {
    return this.client.hello?.snapshot.sessionDefaults?.mainKey ?? DEFAULT_MAIN_KEY;
  }

  /** An agent's main session key under the gateway's main key. */
  mainSessionKey(agentId: string): string {
    return buildMainSessionKey(agentId, this.mainKey);
  }

  private dispatch(action: Action): void {
    if (!this.stopped) this.options.dispatch(action);
  }

  private notice(level: "info" | "warn" | "error", text: string): void {
    this.dispatch({ type: "notice", level, text });
  }

  /** Connects, retrying with back-off until the gateway answers or `stop()` is called. */
  async start(): Promise<void> {
    const delays = this.options.reconnectDelayMs ?? { initial: 500, max: 5000 };
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        const hello = await this.client.connect();
        this.startWatchdog(hello.policy.tickIntervalMs);
        const defaults = hello.snapshot.sessionDefaults;
        if (this.options.followDefaultSession && defaults)
          this.dispatch({
            type: "switch-session",
            key: defaults.mainSessionKey,
            agentId: defaults.defaultAgentId,
          });
        else if (this.options.followAgentMainSession)
          this.dispatch({
            type: "switch-session",
            key: this.mainSessionKey(this.options.followAgentMainSession),
            agentId: this.options.followAgentMainSession,
          });
        await this.refresh({ history: true });
        return;
      } catch (err) {
        if (attempt === 0) this.notice("warn", `${errorText(err)} — retrying`);
        this.dispatch({ type: "connection", state: "offline" });
        await new Promise((r) => setTimeout(r, Math.min(delays.max, delays.initial * 2 ** attempt)));
      }
    }
  }

  /** Marks the link as reconnecting when no frame (not even a tick) arrived for 2.5 tick intervals. */
  private startWatchdog(tickMs: number): void {
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      if (Date.now() - this.lastFrameAt > tickMs * 2.5)
        this.dispatch({ type: "connection", state: "reconnecting" });
    }, tickMs);
    this.watchdog.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchdog);
    await this.client.close().catch(() => {});
  }

  /** A request whose failure becomes a notice instead of an exception. */
  call<M extends MethodName>(method: M, ...args: RequestArgs<M>): Promise<MethodResult<M> | undefined> {
    return this.noticeOnFailure(this.client.request(method, ...args));
  }

  /** `call` for a method outside Claw's table that the gateway announced (OpenClaw's extras). */
  callUnchecked(method: string, params?: unknown): Promise<unknown> {
    return this.noticeOnFailure(this.client.requestUnchecked(method, params));
  }

  private async noticeOnFailure<T>(request: Promise<T>): Promise<T | undefined> {
    try {
      return await request;
    } catch (err) {
      if (err instanceof GatewayRequestError && CONNECTION_LOST.has(err.detailCode))
        this.dispatch({ type: "connection", state: "reconnecting" });
      this.notice("error", errorText(err));
      return undefined;
    }
  }

  /** Re-reads models, agents, the session row and (optionally) the transcript. */
  async refresh(what: { history?: boolean } = {}): Promise<void> {
    const key = this.options.getState().session.key;
    const [models, status, list, history, pending] = await Promise.all([
      this.call("models.list", {}),
      this.call("status", {}),
      this.call("sessions.list", {}),
      what.history ? this.call("chat.history", { sessionKey: key, limit: 200 }) : undefined,
      this.call("exec.approval.list", {}),
    ]);
    if (models) this.models = models.models;
    if (status) {
      this.agents = status.heartbeat.agents.map((a) => a.agentId);
      this.defaults = {
        model: status.sessions.defaults.model ?? undefined,
        contextTokens: status.sessions.defaults.contextTokens ?? undefined,
      };
    }
    if (list) this.sessions = list.sessions;
    if (pending) {
      this.approvals = pending;
      this.options.onApprovals?.(pending);
    }
    if (this.options.getState().session.key !== key) return;
    const row = this.sessions.find((s) => s.key === key);
    this.dispatch({
      type: "session",
      session: sessionInfo(row, {
        defaultModel: this.defaults.model,
        defaultContextTokens: this.defaults.contextTokens,
        models: this.models,
      }),
    });
    if (history)
      this.dispatch({ type: "history", items: itemsFromHistory(history.messages, { compactionSummary }) });
  }

  /** Sends a message on the current session; the answer streams in through events. */
  async send(text: string): Promise<void> {
    const state = this.options.getState();
    const key = state.session.key;
    this.dispatch({ type: "user-message", text });
    try {
      const res = await this.client.request("chat.send", {
        sessionKey: key,
        message: text,
        idempotencyKey: randomUUID(),
        agentId: state.session.agentId,
      });
      if (this.bindRun(res.runId, key)) this.dispatch({ type: "run-bound", runId: res.runId });
    } catch (err) {
      this.dispatch({ type: "send-failed", error: `not sent: ${errorText(err)}` });
    }
  }

  /**
   * Aborts the running turn of the current session. When the gateway had nothing to abort, the
   * screen is brought in line: a run it still shows as running is closed with its real outcome,
   * and "nothing is running" says so, so `/stop` and Esc always end in a state the TUI shows.
   */
  async abort(): Promise<void> {
    const state = this.options.getState();
    const runId = state.activeRunId;
    const reply = await this.call("chat.abort", {
      sessionKey: state.session.key,
      ...(runId ? { runId } : {}),
    });
    if (reply === undefined) return;
    // An aborted run reports its own end ("stopped") through its final `chat` event.
    // Claw answers a count; OpenClaw gateways answer a boolean.
    const aborted: unknown = reply.aborted;
    if (aborted === true || (typeof aborted === "number" && aborted > 0)) return;
    const ended = runId === undefined ? undefined : await this.endedRun(runId);
    if (ended && runId) this.dispatch({ type: "run-ended", runId, ...ended });
    else this.dispatch({ type: "run-cleared", text: "nothing is running" });
  }

  /** How a run ended, asked without waiting (`agent.wait` with timeout 0); undefined while it runs. */
  private async endedRun(
    runId: string,
  ): Promise<{ status: "ok" | "error" | "aborted"; error?: string } | undefined> {
    const waited = await this.client.request("agent.wait", { runId, timeoutMs: 0 }).catch(() => undefined);
    if (waited?.endedAt === undefined) return undefined;
    const status = waited.status === "ok" ? "ok" : waited.status === "aborted" ? "aborted" : "error";
    return { status, ...(waited.error ? { error: waited.error } : {}) };
  }

  /** Patches the current session, creating it first when the gateway does not know it yet. */
  async patch(fields: Record<string, unknown>): Promise<boolean> {
    const key = this.options.getState().session.key;
    if (!this.sessions.some((s) => s.key === key)) await this.call("sessions.reset", { key, reason: "new" });
    const ok = await this.call("sessions.patch", { key, ...fields });
    await this.refresh();
    return ok !== undefined;
  }

  /**
   * After a gap (reconnect or seq skip) the run on screen may have lost deltas, or even its end.
   * `agent.wait` with no wait says which: an ended run is closed and the history (which has the
   * whole answer) reloaded now; a running one reloads the history when its final arrives.
   */
  private async recoverActiveRun(): Promise<void> {
    const runId = this.options.getState().activeRunId;
    if (runId === undefined) return;
    this.missed.add(runId);
    const ended = await this.endedRun(runId);
    if (ended === undefined || !this.missed.delete(runId)) return;
    this.dispatch({ type: "run-ended", runId, ...ended });
    await this.refresh({ history: true });
  }

  /** Binds a run to a session and replays its held events when it is on screen; true when it is. */
  private bindRun(runId: string, sessionKey: string): boolean {
    const held = this.binding.bind(runId, sessionKey);
    if (sessionKey !== this.options.getState().session.key) return false;
    for (const event of held) this.dispatch({ type: "agent-event", event });
    return true;
  }

  private onChat(chat: ChatEvent): void {
    const known = this.binding.sessionOf(chat.runId);
    if (known === undefined && this.bindRun(chat.runId, chat.sessionKey) && chat.state === "delta")
      this.dispatch({ type: "run-bound", runId: chat.runId });
    if (chat.state === "delta") return;
    const missedSome = this.missed.delete(chat.runId);
    if (chat.sessionKey !== this.options.getState().session.key) return;
    if (chat.state === "final") this.dispatch({ type: "run-ended", runId: chat.runId, status: "ok" });
    else
      this.dispatch({ type: "run-ended", runId: chat.runId, status: chat.state, error: chat.errorMessage });
    void this.refresh({ history: missedSome });
  }
}

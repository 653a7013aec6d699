import type {
  ChatMessage,
  ConfigWriteResult,
  HealthSummary,
  LogsTailResult,
  MemoryHit,
  ModelEntry,
  SessionRow,
  SkillEntry,
  StatusResult,
  ToolsEffectiveResult,
} from "@claw/protocol";

/**
 * What the gateway needs from the agent runtime. The app (apps/gateway) builds one from
 * @claw/agent-core and passes it to `startGateway({ runtime })`; the gateway never imports the
 * runtime's internals. Methods may throw a `RuntimeError` to answer with a specific error code.
 */
export interface GatewayRuntime {
  /** Starts a run. Must not wait for the run to finish; the result settles when it ends. */
  runAgent(input: RunAgentInput): RunHandle | Promise<RunHandle>;
  /** Aborts a run by id, or every run of a session key. Returns how many were aborted. */
  abortRun(target: { runId: string } | { sessionKey: string }): number | Promise<number>;
  /** Waits up to `timeoutMs` for a run to end; `null` when the run id is unknown. */
  waitRun(runId: string, timeoutMs: number): Promise<RunWaitResult | null>;

  listSessions(query: {
    limit?: number;
    offset?: number;
    agentId?: string;
    search?: string;
  }): Promise<SessionRow[]>;
  /** Returns the updated row; throws RuntimeError("NOT_FOUND") for an unknown key. */
  patchSession(key: string, patch: Record<string, unknown>): Promise<SessionRow>;
  resetSession(key: string, reason: "new" | "reset"): Promise<{ sessionId?: string }>;
  deleteSession(key: string, options: { deleteTranscript: boolean }): Promise<boolean>;
  chatHistory(sessionKey: string, limit: number): Promise<ChatMessage[]>;

  listAgents(): Promise<AgentInfo[]>;
  listModels(query: { agentId?: string }): Promise<ModelEntry[]>;
  effectiveTools(query: { agentId?: string; sessionKey: string }): Promise<ToolsEffectiveResult>;
  listSkills(query: { agentId?: string }): Promise<SkillEntry[]>;
  /** Optional until @claw/memory lands; the method answers UNAVAILABLE when absent. */
  memorySearch?(query: { query: string; agentId?: string; limit: number }): Promise<MemoryHit[]>;

  /** Fields beyond `ok/ts/durationMs`, which the gateway fills in. */
  health(): Promise<Omit<HealthSummary, "ok" | "ts" | "durationMs">>;
  /** Status fields; the gateway adds pid, uptime, memory, connection and run counts. */
  status(): Promise<
    Pick<StatusResult, "runtimeVersion" | "heartbeat" | "channelSummary" | "queuedSystemEvents" | "sessions">
  >;

  config: {
    get(): Promise<{ config: unknown; hash: string; path?: string }>;
    /** Validates and merges; reports which paths were hot-applied and which need a restart. */
    patch(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
    /** Validates and replaces; same report as patch. */
    apply(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
  };

  tailLogs(query: { cursor?: number; limit: number; maxBytes: number }): Promise<LogsTailResult>;
}

export interface AgentInfo {
  agentId: string;
  name?: string;
  isDefault: boolean;
}

export interface RunAgentInput {
  sessionKey: string;
  agentId?: string;
  message: string;
  idempotencyKey: string;
  thinking?: string;
  model?: string;
  /** Aborted on `chat.abort`, `agent` timeouts and gateway shutdown. */
  signal: AbortSignal;
}

export type RunStream = "lifecycle" | "assistant" | "tool" | "compaction" | "error";

/** One event of a run. Assistant text arrives as `data.delta` (the new text). */
export interface RunEvent {
  runId: string;
  seq: number;
  stream: RunStream;
  ts: number;
  data: Record<string, unknown>;
  sessionKey: string;
}

export type RunStatus = "ok" | "error" | "aborted" | "timeout";

export interface RunResult {
  runId: string;
  status: RunStatus;
  text?: string;
  error?: string;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
}

export interface RunHandle {
  runId: string;
  /** Every event of the run, ending when the run ends. */
  events: AsyncIterable<RunEvent>;
  /** Settles (never rejects) with the terminal state. */
  result: Promise<RunResult>;
}

export interface RunWaitResult {
  runId: string;
  status: RunStatus | "timeout";
  startedAt?: number;
  endedAt?: number;
  error?: string;
}

/** Thrown by a runtime to pick the wire error: NOT_FOUND / INVALID → INVALID_REQUEST, UNAVAILABLE. */
export class RuntimeError extends Error {
  constructor(
    readonly kind: "NOT_FOUND" | "INVALID" | "UNAVAILABLE" | "CONFLICT",
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "RuntimeError";
  }
}

import type {
  AgentEvent,
  ChatMessage,
  CommandEntry,
  ConfigWriteResult,
  CronJobPatch,
  ExecApprovalDecision,
  ExecApprovalResolvedEvent,
  HealthSummary,
  LogsTailResult,
  MemoryHit,
  MethodParams,
  MethodResult,
  ModelEntry,
  PendingExecApproval,
  SessionRow,
  SkillEntry,
  StatusResult,
  ToolsEffectiveResult,
} from "@claw/protocol";
import type { BrowserPort } from "./methods/browser.js";

/**
 * What the gateway needs from the rest of the house, as small capability ports. The app
 * (apps/gateway) builds them from @claw/agent-core and passes them to `startGateway({ ports })`;
 * the gateway never imports the runtime's internals. Each method uses only the port it needs, so
 * a new capability (cron, channels) adds an optional port here instead of widening another one.
 * Port methods may throw a `RuntimeError` to answer with a specific error code.
 */
export interface GatewayPorts {
  runs: RunsPort;
  sessions: SessionsPort;
  catalog: CatalogPort;
  config: ConfigPort;
  status: StatusPort;
  /** Optional: `memory.search` answers UNAVAILABLE without it. */
  memory?: MemoryPort;
  /** Optional: exec approvals (`exec.approval.*`); without it the list is empty. */
  approvals?: ApprovalsPort;
  /** Optional: the `cron.*` methods answer UNAVAILABLE without it. */
  cron?: CronPort;
  /** Optional: `wake`, `last-heartbeat` and `set-heartbeats` answer UNAVAILABLE without it. */
  heartbeat?: HeartbeatPort;
  /** Optional: the `channels.*` methods and `send` answer UNAVAILABLE without it. */
  channels?: ChannelsPort;
  /** Optional: the `browser.*` methods answer UNAVAILABLE without it. */
  browser?: BrowserPort;
  /** Optional: `models.authStatus` answers UNAVAILABLE without it. */
  auth?: AuthStatusPort;
}

/** Credentials (never their secrets) and the failover cooldowns in force on each. */
export interface AuthStatusPort {
  status(query: { agentId?: string }): Promise<Omit<MethodResult<"models.authStatus">, "ts">>;
}

/**
 * Commands waiting for a person. The gateway lists and resolves them and turns the port's
 * events into `exec.approval.requested` / `exec.approval.resolved` for operator.approvals clients.
 */
export interface ApprovalsPort {
  list(): PendingExecApproval[];
  /** Settles a pending approval; false when it is not pending (already decided or expired). */
  resolve(id: string, decision: ExecApprovalDecision, resolvedBy: string): boolean;
  /** Hears requests and resolutions; returns the unsubscribe function. */
  subscribe(
    listener: (
      event:
        | { type: "requested"; approval: PendingExecApproval }
        | { type: "resolved"; resolved: ExecApprovalResolvedEvent },
    ) => void,
  ): () => void;
}

/**
 * The run registry (agent-core's): starts runs and is the one place that knows them afterwards.
 * The gateway keeps no run table of its own: abort, wait and lookup all come here.
 */
export interface RunsPort {
  /** Starts a run (or answers a slash command). Must not wait for the run to finish. */
  start(input: RunInput): RunHandle | Promise<RunHandle>;
  /**
   * Accept durably, then run (`chat.send`, `agent`, and the entry point for channels): resolves
   * only once the message is in durable storage, so an acknowledged message survives a crash and
   * is resumed (or reported failed) on restart. `input.idempotencyKey` (scoped by the caller,
   * e.g. "chat.send:<key>") maps to that one record: a repeat returns it with `duplicate: true`.
   */
  accept(input: RunInput): Promise<AcceptedRun>;
  /** Aborts a run by id, or every run of a session key. Returns how many were aborted. */
  abort(target: { runId: string } | { sessionKey: string }, reason?: string): number;
  /** The run's result once it ended; undefined while it is still going after `timeoutMs`. */
  wait(runId: string, timeoutMs: number): Promise<RunOutcome | undefined>;
  /** A queued, running or recently finished run; undefined for an unknown (or long gone) id. */
  get(runId: string): { runId: string; sessionKey: string } | undefined;
  /** Runs queued or running now. */
  active(): { runId: string; sessionKey: string }[];
}

export interface SessionsPort {
  list(query: { limit?: number; offset?: number; agentId?: string; search?: string }): Promise<SessionRow[]>;
  /** Returns the updated row; throws RuntimeError("NOT_FOUND") for an unknown key. */
  patch(key: string, patch: Record<string, unknown>): Promise<SessionRow>;
  reset(key: string, reason: "new" | "reset"): Promise<{ sessionId?: string }>;
  delete(key: string, options: { deleteTranscript: boolean }): Promise<boolean>;
  /** Compacts now, queued behind the session's runs; says why when nothing was compacted. */
  compact(key: string): Promise<{ compacted: true; messages: number } | { compacted: false; reason: string }>;
  history(sessionKey: string, limit: number): Promise<ChatMessage[]>;
  /** One session's row; undefined for a key with no session. */
  describe(key: string): Promise<SessionRow | undefined>;
}

/** What exists: agents, models, tools, skills. */
export interface CatalogPort {
  agents(): Promise<AgentInfo[]>;
  models(query: { agentId?: string }): Promise<ModelEntry[]>;
  effectiveTools(query: { agentId?: string; sessionKey: string }): Promise<ToolsEffectiveResult>;
  skills(query: { agentId?: string }): Promise<SkillEntry[]>;
  /** The chat commands (`/new`, `/model`, …) an agent's sessions understand. */
  commands(query: { agentId?: string }): Promise<CommandEntry[]>;
}

export interface ConfigPort {
  get(): Promise<{ config: unknown; hash: string; path?: string }>;
  /** Validates and merges; reports which paths were hot-applied and which need a restart. */
  patch(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
  /** Validates and replaces; same report as patch. */
  apply(raw: string, baseHash?: string): Promise<ConfigWriteResult>;
}

/** Health, status and logs of the runtime behind the gateway. */
export interface StatusPort {
  /** Fields beyond `ok/ts/durationMs`, which the gateway fills in. */
  health(): Promise<Omit<HealthSummary, "ok" | "ts" | "durationMs">>;
  /** Status fields; the gateway adds pid, uptime, memory, connection and run counts. */
  status(): Promise<
    Pick<StatusResult, "runtimeVersion" | "heartbeat" | "channelSummary" | "queuedSystemEvents" | "sessions">
  >;
  tailLogs(query: { cursor?: number; limit: number; maxBytes: number }): Promise<LogsTailResult>;
}

/**
 * Scheduled jobs (@claw/cron's service, mapped to the wire by the app). Throws RuntimeError
 * ("NOT_FOUND" for an unknown id, "INVALID" for a job it refuses).
 */
export interface CronPort {
  list(params: MethodParams<"cron.list">): Promise<MethodResult<"cron.list">>;
  add(params: MethodParams<"cron.add">): Promise<MethodResult<"cron.add">>;
  update(id: string, patch: CronJobPatch): Promise<MethodResult<"cron.update">>;
  remove(id: string): Promise<boolean>;
  run(id: string, mode: "due" | "force" | "if-enabled"): Promise<MethodResult<"cron.run">>;
  runs(params: MethodParams<"cron.runs">): Promise<MethodResult<"cron.runs">>;
  status(): Promise<MethodResult<"cron.status">>;
  get(id: string): Promise<MethodResult<"cron.get">>;
  scratchGet(id: string): Promise<MethodResult<"cron.scratch.get">>;
  scratchSet(
    id: string,
    content: string | null,
    expectedRevision?: number,
  ): Promise<MethodResult<"cron.scratch.set">>;
}

/** The heartbeat: wake it with a system event, read the latest beat, pause or resume it. */
export interface HeartbeatPort {
  wake(params: MethodParams<"wake">): Promise<MethodResult<"wake">>;
  last(): Promise<MethodResult<"last-heartbeat">>;
  setEnabled(enabled: boolean): Promise<MethodResult<"set-heartbeats">>;
}

/** Chat channels (Telegram, …): status, DM pairing, routing explanations, outbound sends. */
export interface ChannelsPort {
  status(query: { probe: boolean; channel?: string }): Promise<MethodResult<"channels.status">>;
  pairingList(query: {
    channel?: string;
    accountId?: string;
  }): Promise<MethodResult<"channels.pairing.list">>;
  /** Throws RuntimeError("NOT_FOUND") for an unknown or expired code. */
  pairingDecide(
    decision: "approve" | "deny",
    request: { channel: string; accountId: string; requestId: string; notify?: boolean },
  ): Promise<{ requestId: string; senderId: string; notification?: "not-requested" | "sent" | "failed" }>;
  explainRoute(
    query: MethodParams<"channels.routes.explain">,
  ): Promise<MethodResult<"channels.routes.explain">>;
  /** Puts a message in the outbox and waits (up to `waitMs`) for it to be delivered. */
  send(request: {
    channel?: string;
    accountId?: string;
    to: string;
    text: string;
    threadId?: string;
    replyToId?: string;
    waitMs: number;
  }): Promise<MethodResult<"send">>;
}

export interface MemoryPort {
  search(query: { query: string; agentId?: string; limit: number }): Promise<MemoryHit[]>;
  /** Each agent's index (one agent's with `agentId`); throws RuntimeError("NOT_FOUND") for an unknown agent. */
  status(query: { agentId?: string }): Promise<MethodResult<"doctor.memory.status">>;
}

export interface AgentInfo {
  agentId: string;
  name?: string;
  isDefault: boolean;
  workspace?: string;
  model?: { primary: string; fallbacks: string[] };
}

export interface RunInput {
  sessionKey: string;
  agentId?: string;
  message: string;
  idempotencyKey: string;
  thinking?: string;
  model?: string;
  /** Files sent with the message (`chat.send`), already checked by the gateway. */
  attachments?: MessageAttachment[];
}

/** A `chat.send` attachment after the gateway's checks: a known kind, a safe name, the bytes. */
export interface MessageAttachment {
  kind: "image" | "file";
  /** Declared by the sender; the runtime still checks an image's bytes. */
  mimeType: string;
  /** A plain file name: no folders, no control characters, not "." or "..". */
  fileName: string;
  bytes: Uint8Array;
}

/** One event of a run: the wire's `agent` event, with the run's session key. */
export type RunEvent = AgentEvent & { sessionKey?: string };

export type RunStatus = "ok" | "error" | "aborted" | "timeout";

/** How a run ended: the fields of agent-core's `RunResult` the wire needs, unchanged. */
export interface RunOutcome {
  runId: string;
  status: RunStatus;
  text?: string;
  error?: { message: string };
  /** `cost.total` is in USD, each call priced with the model that answered it. */
  usage?: { input: number; output: number; totalTokens: number; cost?: { total: number } };
  startedAt?: number;
  endedAt?: number;
}

/** A message accepted by `RunsPort.accept`. */
export interface AcceptedRun {
  runId: string;
  acceptedAt: number;
  /** The key was known: this call started nothing (the run is live, resumed or ended). */
  duplicate: boolean;
  /** The live run, when this call started it. */
  handle?: RunHandle;
  /** Settles (never rejects) with the outcome once the run ended, also for a duplicate. */
  done: Promise<RunOutcome>;
}

export interface RunHandle {
  runId: string;
  /** Every event of the run, ending when the run ends. */
  events: AsyncIterable<RunEvent>;
  /** Settles (never rejects) with the terminal state. */
  result: Promise<RunOutcome>;
}

/** Thrown by a port to pick the wire error: NOT_FOUND / INVALID → INVALID_REQUEST, UNAVAILABLE. */
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

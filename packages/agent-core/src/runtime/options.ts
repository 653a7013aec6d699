/** Options of `createAgentRuntime`: plain data and functions, no config file. */

import type { FailoverEvent } from "@claw/failover";
import type { BootstrapContextMode, BootstrapRunKind } from "@claw/prompt";
import type {
  AssistantMessage,
  Message,
  Model,
  StreamFunction,
  ThinkingLevel,
  UserMessage,
} from "@claw/providers";
import type { LoopHooks } from "../loop/hooks.js";
import type { SessionStore } from "../sessions/session-store.js";
import type { AgentTool } from "../tools/types.js";
import type { SlowSubscriberReport } from "./event-channel.js";

export interface PromptContext {
  agentId: string;
  sessionKey: string;
  model: Model;
  thinking: ThinkingLevel;
  tools: AgentTool[];
  /** True for subagent sessions (`agent:<id>:subagent:<uuid>`): use the minimal prompt. */
  isSubagent: boolean;
  /** "lightweight": only the run kind's light set of workspace files (see RunRequest). */
  bootstrapContextMode?: BootstrapContextMode;
  bootstrapContextRunKind?: BootstrapRunKind;
}

export interface ToolFilterContext {
  agentId: string;
  sessionKey: string;
  model: Model;
  isSubagent: boolean;
  senderIsOwner?: boolean;
  channel?: string;
  /** The chat's tool rules (`channels.<ch>.groups.<id>.tools`), a tool-policy layer. */
  groupTools?: GroupToolRules;
}

/** Allow/deny rules of one chat or group, with the config path explain prints. */
export interface GroupToolRules {
  allow?: readonly string[];
  deny?: readonly string[];
  source?: string;
}

export interface AgentDefinition {
  id: string;
  /** Primary model and ordered fallbacks, as "provider/model" refs. */
  model: { primary: string; fallbacks?: string[] };
  /** A fixed system prompt, or a builder called once per run. */
  systemPrompt?: string | ((context: PromptContext) => string | Promise<string>);
  tools?: AgentTool[];
  /** Narrows the tool list per run (tool policy); may only remove tools. */
  filterTools?: (tools: AgentTool[], context: ToolFilterContext) => AgentTool[];
  thinking?: ThinkingLevel;
  /** Run timeout in seconds (default 600). */
  timeoutSeconds?: number;
  maxTurns?: number;
  default?: boolean;
  /** This agent's history management; overrides the runtime's `compaction`. */
  compaction?: CompactionStrategy;
}

/** One model attempt inside the fallback chain. */
export interface ModelAttempt {
  model: Model;
  apiKey?: string;
  profileId?: string;
}

/**
 * Runs one model call over a candidate chain. `attempt` returns the final message of one call;
 * the runner decides when to move on. It returns the first successful message, or a failed
 * message (`stopReason` "error" or "aborted", `error.reason` set): one it must not retry (abort,
 * context overflow) or one that tells why every candidate failed. It must not throw.
 */
export type FallbackRunner = (params: {
  candidates: string[];
  sessionKey: string;
  signal: AbortSignal;
  attempt: (candidate: ModelAttempt, signal: AbortSignal) => Promise<AssistantMessage>;
  resolveModel: (ref: string) => Model | undefined;
  /** Each of the fallback loop's events, as @claw/failover reports it. */
  onEvent: (event: FailoverEvent) => void;
}) => Promise<AssistantMessage>;

/** The session a context decision is for (per-session state such as the last cache touch). */
export interface ContextSession {
  sessionKey: string;
  sessionId: string;
}

/** The messages of one model call, and what pruning did to them. */
export interface ContextTransform {
  messages: Message[];
  /** Present when old tool results were soft-trimmed or hard-cleared for this call. */
  pruned?: {
    softTrimmed: number;
    hardCleared: number;
    charsSaved: number;
    ratioBefore: number;
    ratioAfter: number;
  };
}

/** A compaction that replaced older messages with a summary. */
export interface CompactionOutcome {
  messages: Message[];
  summary: string;
  replacedCount: number;
  tokensBefore?: number;
  tokensAfter?: number;
}

/** History management: per-request pruning, compaction on threshold or overflow, memory flush. */
export interface CompactionStrategy {
  /** Shapes the messages of one model call (pruning, pairing repair); never touches the transcript. */
  transformContext?(messages: Message[], model: Model, session?: ContextSession): ContextTransform;
  /** True when the history (with the system prompt) should be compacted before the next model call. */
  shouldCompact?(messages: Message[], model: Model, extra?: { systemPrompt?: string }): boolean;
  /**
   * The pre-compaction memory flush to run now, if any: near the compaction point, once per
   * compaction cycle (`compactionCount` vs `lastFlushCompactionCount`).
   */
  memoryFlush?(
    messages: Message[],
    model: Model,
    extra: { systemPrompt?: string; compactionCount: number; lastFlushCompactionCount?: number },
  ): { prompt: string; systemPrompt?: string } | undefined;
  /** Lines for `/context`: settings and what pruning last did in the session. */
  describe?(session: ContextSession): string[];
  /**
   * Summarises older messages; returns the new conversation and how many messages it replaced,
   * or `{ skipped }` saying why nothing was compacted. Throws when the summary failed.
   */
  compact(
    messages: Message[],
    model: Model,
    signal: AbortSignal,
    trigger: "threshold" | "overflow" | "manual",
  ): Promise<CompactionOutcome | { skipped: string } | undefined>;
}

export interface AgentRuntimeOptions {
  agents: AgentDefinition[];
  /** "provider/model" → model data. Default: the @claw/providers catalog (`findModel`). */
  resolveModel?: (ref: string) => Model | undefined;
  /** One model call. Default: the @claw/providers registry's `stream`. */
  stream?: StreamFunction;
  /** Credential per provider, called per attempt (so expiring tokens refresh). */
  getApiKey?: (provider: string) => string | undefined | Promise<string | undefined>;
  fallback?: FallbackRunner;
  sessions?: SessionStore;
  compaction?: CompactionStrategy;
  hooks?: LoopHooks;
  /** Concurrent runs per lane (default main 4, cron 1, subagent 8, nested 8). */
  lanes?: Partial<Record<LaneName, number>>;
  toolExecution?: "parallel" | "sequential";
  toolTimeoutMs?: number;
  now?: () => number;
  onListenerError?: (error: unknown) => void;
  /**
   * Events a run keeps for readers of `run.events` (default 10 000). A reader that falls further
   * behind is ended with a `SlowSubscriberError`; a reader that starts after older events were
   * discarded fails at once. Bus listeners (`subscribe`) are called synchronously and hold nothing.
   */
  maxBufferedRunEvents?: number;
  /** Told once per reader ended for falling behind (default: one `console.warn` line). */
  onSlowSubscriber?: (report: SlowSubscriberReport) => void;
  /** `session.mainKey`: an agent's main session is `agent:<id>:<mainKey>` (default "main"). */
  mainKey?: string;
}

export type LaneName = "main" | "cron" | "subagent" | "nested";

export type QueueMode = "followup" | "steer" | "interrupt";

export interface RunRequest {
  sessionKey: string;
  message: string | UserMessage;
  agentId?: string;
  /** "provider/model" for this run only. */
  model?: string;
  thinking?: ThinkingLevel;
  signal?: AbortSignal;
  lane?: LaneName;
  /** What to do when the session already has a run going (default followup). */
  queueMode?: QueueMode;
  timeoutSeconds?: number;
  senderIsOwner?: boolean;
  channel?: string;
  /** Tool rules of the chat the message came from (a group's `tools`), applied to this run. */
  groupTools?: GroupToolRules;
  runId?: string;
  /**
   * OpenClaw's light context: "lightweight" puts only HEARTBEAT.md (a heartbeat run) or no
   * workspace file (a cron run) in the system prompt; default "full".
   */
  bootstrapContextMode?: BootstrapContextMode;
  bootstrapContextRunKind?: BootstrapRunKind;
}

/**
 * The provider contract: models as plain data, a unified conversation context, and the event
 * stream every adapter emits. Everything above L1 speaks these types.
 */
import type { ThinkingLevel } from "@claw/ids";

/** The wire protocol a model is reached through. Embedders may register more. */
export type KnownApi =
  | "anthropic-messages"
  | "openai-completions"
  | "openai-responses"
  | "google-generative-ai"
  | "ollama-chat"
  | "faux";
export type Api = KnownApi | (string & {});

/** The vendor or account a model belongs to ("anthropic", "openai", "openrouter", …). */
export type ProviderId = string;

/** Prices in USD per one million tokens. */
export interface ModelCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** A model is plain data: where it lives, what it accepts, what it costs. */
export interface Model {
  id: string;
  name?: string;
  provider: ProviderId;
  api: Api;
  baseUrl?: string;
  contextWindow: number;
  maxTokens: number;
  input: ("text" | "image")[];
  reasoning: boolean;
  cost: ModelCost;
  headers?: Record<string, string>;
}

/** One of `@claw/ids`' THINKING_LEVELS. */
export type { ThinkingLevel };

export interface TextContent {
  type: "text";
  text: string;
  /** Opaque provider signature attached to text (OpenAI Responses item ids, Gemini thought signatures). */
  textSignature?: string;
}

export interface ImageContent {
  type: "image";
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  /** Provider signature that must be sent back unchanged to continue a reasoning chain. */
  thinkingSignature?: string;
  /** True when the provider redacted the reasoning (signature only). */
  redacted?: boolean;
}

export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Gemini attaches a thought signature to function calls. */
  thoughtSignature?: string;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

/**
 * Why a model call failed, as the failover layer understands it. Providers classify; failover
 * decides what to do about it.
 */
export type FailureReason =
  | "rate_limit"
  | "overloaded"
  | "billing"
  | "auth"
  | "auth_permanent"
  | "timeout"
  | "network"
  | "format"
  | "model_not_found"
  | "context_overflow"
  | "aborted"
  | "unknown";

/** What went wrong with a call, carried on the final assistant message of a failed stream. */
export interface ProviderErrorInfo {
  message: string;
  reason: FailureReason;
  /** HTTP status, when the failure was an HTTP response. */
  status?: number;
  /** Provider error code or type ("rate_limit_error", "insufficient_quota", "ECONNREFUSED"). */
  code?: string;
  /** Milliseconds the provider asked us to wait (retry-after / retry-after-ms headers or body). */
  retryAfterMs?: number;
  /** A rate limit on the whole account (daily, weekly or spend cap), not on this one model. */
  accountWide?: boolean;
}

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: Api;
  provider: ProviderId;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  /** Set when stopReason is "error" or "aborted". */
  error?: ProviderErrorInfo;
  /** Provider's response id, when it gives one. */
  responseId?: string;
  timestamp: number;
}

export interface ToolResultMessage<TDetails = unknown> {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  isError: boolean;
  /** Data for UIs and logs only; never sent to a model and never counted as context. */
  details?: TDetails;
  timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/**
 * A tool's parameters: a JSON Schema object (a TypeBox schema is one, so is a hand-written
 * literal). Plain data at this layer, so nothing that only streams needs a schema library.
 */
export type ToolParametersSchema = object;

/** A tool as a model sees it: a name, a description and a JSON Schema for its arguments. */
export interface Tool<TParameters extends ToolParametersSchema = ToolParametersSchema> {
  name: string;
  description: string;
  parameters: TParameters;
}

export interface Context {
  systemPrompt?: string;
  messages: Message[];
  tools?: Tool[];
}

export interface StreamOptions {
  /** Credential for this call. The library never reads keys from the environment. */
  apiKey?: string;
  signal?: AbortSignal;
  temperature?: number;
  maxTokens?: number;
  thinking?: ThinkingLevel;
  headers?: Record<string, string>;
  /** Whole-request timeout in milliseconds (connect + stream). */
  timeoutMs?: number;
  /** Stable id for prompt caching / session affinity where the provider supports it. */
  sessionId?: string;
}

/** Events of one assistant reply. Every event carries the message as it stands so far. */
export type AssistantEvent =
  | { type: "start"; partial: AssistantMessage }
  | { type: "text_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "error" | "aborted"; error: ProviderErrorInfo; message: AssistantMessage };

/**
 * An async-iterable of assistant events with the final message available as a promise.
 * Iterating it is optional: `result()` resolves either way.
 */
export interface AssistantEventStream extends AsyncIterable<AssistantEvent> {
  /** The final message: stopReason tells success from failure; it never rejects. */
  result(): Promise<AssistantMessage>;
}

/**
 * A wire adapter. Contract: must not throw once called; every failure (HTTP, network, parse,
 * abort) ends the stream with an `error` event and a message whose `stopReason` is
 * "error" or "aborted".
 */
export type StreamFunction = (
  model: Model,
  context: Context,
  options?: StreamOptions,
) => AssistantEventStream;

/**
 * The faux provider's script language: what one scripted reply says and how it is paced.
 */

import type { TokenCounts } from "../stream/usage.js";
import type { Context, FailureReason, Model, StreamOptions, ToolCall } from "../types.js";

/** One content block of a scripted reply, emitted in order. */
export type FauxBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "toolCall"; name: string; arguments: Record<string, unknown>; id?: string };

/** A scripted failure: the stream ends with an `error` event carrying these facts. */
export interface FauxError {
  reason: FailureReason;
  message?: string;
  status?: number;
  code?: string;
  retryAfterMs?: number;
  accountWide?: boolean;
}

/** One scripted reply. Shortcuts (`thinking`, `text`, `toolCalls`) are emitted in that order after `content`. */
export interface FauxReply {
  content?: FauxBlock[];
  thinking?: string;
  text?: string;
  toolCalls?: (Omit<ToolCall, "type" | "id"> & { id?: string })[];
  /** Ends the reply with an error after emitting the content (so partial output can precede it). */
  error?: FauxError;
  /** Stop reason for a successful reply; default `toolUse` when tool calls exist, else `stop`. */
  stopReason?: "stop" | "length" | "toolUse";
  /** Token counts to report; default is an estimate of ~4 characters per token. */
  usage?: TokenCounts;
  /** Wait before the first event. */
  delayMs?: number;
  /** Wait between deltas. */
  chunkDelayMs?: number;
  /** Characters per delta; default splits on word boundaries (roughly one token each). */
  chunkSize?: number;
  /** Emit `start` and then wait until the caller aborts (for abort and timeout tests). */
  hang?: boolean;
}

/** What the faux provider saw on one call. */
export interface FauxCall {
  model: Model;
  context: Context;
  options: StreamOptions;
}

/** A script step: a fixed reply, or a function of the call (e.g. echo the last user message). */
export type FauxStep = FauxReply | string | ((call: FauxCall) => FauxReply | string);

/** Splits text into deltas: fixed-size slices, or words with their trailing whitespace. */
export function chunkText(text: string, chunkSize?: number): string[] {
  if (text === "") return [];
  if (chunkSize !== undefined && chunkSize > 0) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += chunkSize) out.push(text.slice(i, i + chunkSize));
    return out;
  }
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/** Normalises a step's reply into an ordered block list. */
export function blocksOf(reply: FauxReply): FauxBlock[] {
  const blocks: FauxBlock[] = [...(reply.content ?? [])];
  if (reply.thinking !== undefined) blocks.push({ type: "thinking", thinking: reply.thinking });
  if (reply.text !== undefined) blocks.push({ type: "text", text: reply.text });
  for (const call of reply.toolCalls ?? []) blocks.push({ type: "toolCall", ...call });
  return blocks;
}

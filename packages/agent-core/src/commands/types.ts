/** What command handlers get and give back. */

import type { AgentRuntime } from "../runtime/create-runtime.js";
import type { ModelChoices } from "./model-match.js";

export interface CommandOptions {
  /** Owner-only commands (`/send`) are refused for others. */
  senderIsOwner?: boolean;
  /** Extra reset trigger words besides `/new` and `/reset`. */
  resetTriggers?: readonly string[];
  /** Models `/model` and `/new <model>` accept (default: every ref in the runtime's agents). */
  models?: ModelChoices;
  /** `/queue` and the queue line of `/status`: the inbound queue's vocabulary (the channel layer's). */
  queue?: QueueCommandSupport;
  /** `/stop`: clears the session's queued follow-ups; returns how many (the inbound dispatcher). */
  clearQueued?: (sessionKey: string) => number;
  /** `/stop`: stops subagents spawned from the session, cascading; returns how many. */
  stopChildren?: (sessionKey: string) => number;
  /** `/compact`: compacts the session; returns a one-line outcome. */
  compact?: (sessionKey: string, instructions: string | undefined) => Promise<string>;
  /** `/context list|detail`: a full report (prompt, files, tools); default is a history estimate. */
  contextReport?: (sessionKey: string, mode: "list" | "detail") => Promise<string>;
  /** Queued messages waiting for the session (for `/status`). */
  queuedCount?: (sessionKey: string) => number;
  now?: () => number;
}

/**
 * How `/queue` parses and `/status` shows the inbound queue's settings. The inbound dispatcher
 * (`@claw/channels`, `queueCommandSupport()`) owns them; without it `/queue` is unavailable.
 */
export interface QueueCommandSupport {
  /** `/queue` arguments → a partial override to store, a reset, or an error to show. */
  parse(
    args: string,
  ): { reset: true } | { reset?: false; settings: Record<string, unknown> } | { error: string };
  /** The settings in force for a stored override, as one line. */
  describe(override: Record<string, unknown> | undefined): string;
}

export interface CommandReply {
  command: string;
  /** The reply to show the user. */
  text: string;
  /** Text to run as an agent turn after the command (the remainder after `/reset`, or a greeting). */
  passThrough?: string;
  /** True when the command changed nothing because it was refused or malformed. */
  error?: boolean;
}

export interface CommandContext {
  runtime: AgentRuntime;
  sessionKey: string;
  args: string;
  options: CommandOptions;
}

export type CommandHandler = (context: CommandContext) => Promise<CommandReply>;

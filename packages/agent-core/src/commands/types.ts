/** What command handlers get and give back. */

import type { QueueSettings } from "../inbound/queue-settings.js";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import type { ModelChoices } from "./model-match.js";

export interface CommandOptions {
  /** Owner-only commands (`/send`) are refused for others. */
  senderIsOwner?: boolean;
  /** Extra reset trigger words besides `/new` and `/reset`. */
  resetTriggers?: readonly string[];
  /** Models `/model` and `/new <model>` accept (default: every ref in the runtime's agents). */
  models?: ModelChoices;
  /** Queue defaults shown by `/status` and restored by `/queue default`. */
  queueDefaults?: QueueSettings;
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

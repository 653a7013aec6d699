/** Parses a message as a chat command and runs its handler against a runtime. */
import type { AgentRuntime } from "../runtime/create-runtime.js";
import { type CommandName, parseCommand } from "./command-table.js";
import { compactSession, resetSession, showContext, showStatus, stopSession } from "./session-commands.js";
import { setModel, setQueue, setSendPolicy, setThinking } from "./setting-commands.js";
import type { CommandHandler, CommandOptions, CommandReply } from "./types.js";

const HANDLERS: Record<CommandName, CommandHandler> = {
  new: resetSession("new"),
  reset: resetSession("reset"),
  stop: stopSession,
  status: showStatus,
  model: setModel,
  think: setThinking,
  compact: compactSession,
  context: showContext,
  queue: setQueue,
  send: setSendPolicy,
};

/**
 * Handles `text` when it is a standalone command; returns undefined for anything else (the
 * message then goes to the model unchanged).
 *
 * @example
 * const reply = await handleCommand(runtime, "agent:main:main", "/think high");
 * if (reply) send(reply.text);            // "Thinking set to high."
 * if (reply?.passThrough) runtime.run({ sessionKey, message: reply.passThrough });
 */
export async function handleCommand(
  runtime: AgentRuntime,
  sessionKey: string,
  text: string,
  options: CommandOptions = {},
): Promise<CommandReply | undefined> {
  const parsed = parseCommand(text, options.resetTriggers);
  if (!parsed) return undefined;
  return HANDLERS[parsed.name]({ runtime, sessionKey, args: parsed.args, options });
}

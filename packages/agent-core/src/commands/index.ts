export {
  COMMANDS,
  type CommandName,
  type CommandSpec,
  type ParsedCommand,
  parseCommand,
} from "./command-table.js";
export { handleCommand } from "./handle-command.js";
export { type ModelChoices, matchModel } from "./model-match.js";
export { GREETING_PROMPT } from "./session-commands.js";
export type { CommandOptions, CommandReply, QueueCommandSupport } from "./types.js";

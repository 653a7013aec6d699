/** agent-core's chat command table in the wire shape of `commands.list` (OpenClaw's `CommandEntry`). */
import { COMMANDS, type CommandSpec } from "@claw/agent-core";
import type { CommandEntry } from "@claw/protocol";

/** Which group a client shows each command in. */
const CATEGORY: Record<string, NonNullable<CommandEntry["category"]>> = {
  new: "session",
  reset: "session",
  stop: "session",
  compact: "session",
  status: "status",
  context: "status",
  model: "options",
  think: "options",
  queue: "options",
  send: "options",
};

/** A command takes arguments when its usage shows any (`/new [model] [message]`, not `/stop`). */
function toCommandEntry(spec: CommandSpec): CommandEntry {
  const category = CATEGORY[spec.name];
  return {
    name: spec.name,
    textAliases: [`/${spec.name}`],
    description: spec.summary,
    ...(category ? { category } : {}),
    source: "native",
    scope: "text",
    acceptsArgs: spec.usage.trim() !== `/${spec.name}`,
  };
}

/** Every chat command the runtime understands. */
export function chatCommandEntries(): CommandEntry[] {
  return COMMANDS.map(toCommandEntry);
}

/**
 * The command table. Each entry names a command, says what it does in one line, and loads its
 * module only when it runs, so `claw --help` imports none of them. Add a command by adding a row.
 */
import type { CommandModule } from "../context.js";

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "config",
    summary: "Read, change and check the config file (get, set, unset, validate, schema, path)",
    load: () => import("./config/index.js"),
  },
];

export function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((command) => command.name === name);
}

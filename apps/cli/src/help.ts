import { COMMANDS } from "./commands/index.js";
import type { Style } from "./io.js";

/** The top-level `claw --help` text, generated from the command table. */
export function renderHelp(version: string, style: Style): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 3;
  const commands = COMMANDS.map((c) => `  ${style.bold(c.name.padEnd(width))}${c.summary}`).join("\n");
  return `claw ${version} — a local-first personal AI assistant

${style.bold("Usage:")} claw [--profile NAME] <command> [options]

${style.bold("Commands:")}
${commands}

${style.bold("Global options:")}
  --profile NAME   use the state dir ~/.claw-NAME (config, sessions, workspaces)
  --no-color       plain output (NO_COLOR is respected too)
  -h, --help       show help; \`claw <command> --help\` for a command
  -V, --version    print the version

${style.bold("Environment:")}
  CLAW_STATE_DIR     state dir (default ~/.claw)
  CLAW_CONFIG_PATH   config file (default <state dir>/claw.json)
`;
}

/** The slash commands: one row each. `/help`, autocomplete and the README are built from this table. */
import { THINKING_LEVELS } from "@claw/ids";

/** Which list completes the command's argument. */
export type ArgumentSource = "models" | "thinking" | "agents" | "sessions";

export interface CommandSpec {
  name: string;
  description: string;
  argumentHint?: string;
  completes?: ArgumentSource;
}

/** The levels `/think` accepts (owned by `@claw/ids`). */
export { THINKING_LEVELS };

export const COMMANDS: readonly CommandSpec[] = [
  { name: "new", description: "Start a new session (fresh transcript, same key)" },
  { name: "reset", description: "Reset the current session" },
  {
    name: "model",
    description: "Pick or set the session's model",
    argumentHint: "[provider/model|default]",
    completes: "models",
  },
  {
    name: "think",
    description: "Pick or set the thinking level",
    argumentHint: "[off|minimal|low|medium|high]",
    completes: "thinking",
  },
  {
    name: "agent",
    description: "Switch agent (opens its main session)",
    argumentHint: "[agentId]",
    completes: "agents",
  },
  {
    name: "session",
    description: "Pick or open a session",
    argumentHint: "[sessionKey]",
    completes: "sessions",
  },
  { name: "context", description: "Show context window use and token counts" },
  { name: "compact", description: "Compact the session's context now" },
  { name: "status", description: "Show gateway status" },
  { name: "stop", description: "Stop the running turn (same as Esc)" },
  { name: "help", description: "Show commands and keys" },
  { name: "quit", description: "Leave the TUI" },
];

/** The key bindings, for `/help` and the README. */
export const KEYS: readonly [string, string][] = [
  ["Enter", "send"],
  ["Shift+Enter / Alt+Enter", "new line"],
  ["↑ / ↓", "history (on the first / last line)"],
  ["Tab", "complete a /command or its argument"],
  ["Esc", "stop the running turn"],
  ["Ctrl+C", "clear the editor; twice quits"],
  ["Ctrl+T", "show / hide thinking"],
  ["Ctrl+O", "expand / collapse tool results"],
  ["Ctrl+P", "session picker"],
];

/** Splits "/model openai/gpt-4o" into `{ name: "model", args: "openai/gpt-4o" }`; undefined when not a command. */
export function parseSlash(text: string): { name: string; args: string } | undefined {
  const match = /^\/([a-z]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1] as string, args: (match[2] ?? "").trim() };
}

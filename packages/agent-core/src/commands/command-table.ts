/**
 * The chat commands handled before the model sees a message. One table: the parser, the help
 * text and the handlers all read it.
 */

export type CommandKind = "reset" | "standalone" | "directive";

export interface CommandSpec {
  name: string;
  kind: CommandKind;
  usage: string;
  summary: string;
  ownerOnly?: boolean;
}

export const COMMANDS = [
  {
    name: "new",
    kind: "reset",
    usage: "/new [model] [message]",
    summary: "Start a new session (optionally with a model).",
  },
  {
    name: "reset",
    kind: "reset",
    usage: "/reset [message]",
    summary: "Start a new session; the message goes to the agent.",
  },
  {
    name: "stop",
    kind: "standalone",
    usage: "/stop",
    summary: "Abort the run, clear queued messages, stop subagents.",
  },
  {
    name: "status",
    kind: "standalone",
    usage: "/status",
    summary: "Session, model, tokens, queue and run state.",
  },
  {
    name: "model",
    kind: "directive",
    usage: "/model [provider/model[@profile]|default]",
    summary: "Show or set the session's model.",
  },
  {
    name: "think",
    kind: "directive",
    usage: "/think [off|minimal|low|medium|high|default]",
    summary: "Show or set the thinking level.",
  },
  {
    name: "compact",
    kind: "standalone",
    usage: "/compact [instructions]",
    summary: "Summarise older history into one entry.",
  },
  {
    name: "context",
    kind: "standalone",
    usage: "/context [list|detail]",
    summary: "What the model's context holds.",
  },
  {
    name: "queue",
    kind: "directive",
    usage: "/queue [mode] [debounce:2s] [cap:N] [drop:old|new|summarize] | default",
    summary: "Show or set how messages queue while a run is busy.",
  },
  {
    name: "send",
    kind: "standalone",
    usage: "/send on|off|inherit",
    summary: "Allow, deny or inherit reply delivery for this session.",
    ownerOnly: true,
  },
] as const satisfies readonly CommandSpec[];

export type CommandName = (typeof COMMANDS)[number]["name"];

export interface ParsedCommand {
  name: CommandName;
  /** Everything after the command word, trimmed. */
  args: string;
  spec: CommandSpec;
}

/**
 * Parses a standalone command: the message must start with a known command word followed by
 * whitespace or the end (`/newish` is not `/new`). Extra reset triggers map to `reset`.
 *
 * @example
 * parseCommand("/reset summarise X"); // → { name: "reset", args: "summarise X", … }
 * parseCommand("hello /status");      // → undefined (not standalone)
 */
export function parseCommand(text: string, resetTriggers: readonly string[] = []): ParsedCommand | undefined {
  const trimmed = text.trim();
  const match = /^(\S+)(?:\s+([\s\S]*))?$/.exec(trimmed);
  if (!match) return undefined;
  const word = (match[1] as string).toLowerCase();
  const args = (match[2] ?? "").trim();
  if (resetTriggers.some((t) => t.toLowerCase() === word) && word !== "/new") {
    return { name: "reset", args, spec: COMMANDS[1] };
  }
  if (!word.startsWith("/")) return undefined;
  const spec = COMMANDS.find((c) => c.name === word.slice(1));
  return spec ? { name: spec.name, args, spec } : undefined;
}

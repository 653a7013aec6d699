/**
 * The shape of the command table: commands, subcommands and flags as data. Help, argument
 * parsing, shell completion and docs/cli.md are all generated from it.
 */
import type { CommandModule } from "./context.js";

export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
  /** Placeholder shown in help, e.g. `ID`. */
  value?: string;
  summary: string;
}

export type Flags = Readonly<Record<string, FlagSpec>>;

export interface SubcommandSpec {
  name: string;
  /** Positional arguments as shown in help, e.g. `KEY`. */
  args?: string;
  summary: string;
  flags?: Flags;
}

export interface CommandEntry {
  name: string;
  summary: string;
  args?: string;
  /** Flags of the command itself (commands without subcommands). */
  flags?: Flags;
  subcommands?: readonly SubcommandSpec[];
  load: () => Promise<CommandModule>;
}

/** `--json`, shared by every read command. */
export const JSON_FLAG: Flags = { json: { type: "boolean", summary: "print JSON instead of text" } };

/** How to reach the gateway, shared by every command that talks to it. */
export const GATEWAY_FLAGS: Flags = {
  url: {
    type: "string",
    value: "URL",
    summary: "gateway URL (default: <state dir>/gateway.json, else ws://127.0.0.1:<gateway.port>)",
  },
  token: {
    type: "string",
    value: "TOKEN",
    summary: "gateway token (default: gateway.auth.token, CLAW_GATEWAY_TOKEN, <state dir>/gateway.token)",
  },
};

export const AGENT_FLAG: Flags = {
  agent: { type: "string", value: "ID", summary: "agent id (default: the default agent)" },
};

/** `--name VALUE` / `--flag` as shown in help and docs. */
export function flagUsage(name: string, flag: FlagSpec): string {
  const short = flag.short ? `-${flag.short}, ` : "";
  return `${short}--${name}${flag.type === "string" ? ` ${flag.value ?? "VALUE"}` : ""}`;
}

/** Flags of a command that reads from the gateway: `--json` plus where the gateway is. */
export const READ: Flags = { ...JSON_FLAG, ...GATEWAY_FLAGS };

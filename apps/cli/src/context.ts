/** The contract between the dispatcher and a command module. */
import type { CliIo, Style } from "./io.js";

export interface CommandContext {
  io: CliIo;
  style: Style;
  /** `--profile NAME`, when given. */
  profile: string | undefined;
}

export interface CommandModule {
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  run(args: string[], context: CommandContext): Promise<number>;
}

/** A mistake in how claw was called (unknown command or flag, missing argument): exit 2. */
export class UsageError extends Error {
  readonly hint: string | undefined;

  constructor(message: string, hint?: string) {
    super(message);
    this.name = "UsageError";
    this.hint = hint;
  }
}

/** A failure with its own exit code and a one-line hint saying what to do. */
export class CliError extends Error {
  readonly hint: string | undefined;
  readonly exitCode: number;

  constructor(message: string, options: { hint?: string; exitCode?: number } = {}) {
    super(message);
    this.name = "CliError";
    this.hint = options.hint;
    this.exitCode = options.exitCode ?? EXIT_FAILURE;
  }
}

/** Exit codes, documented in the README and docs/cli.md. */
export const EXIT_OK = 0;
/** The command failed, or the agent run ended in error. */
export const EXIT_FAILURE = 1;
/** The command line was wrong (unknown command, flag, agent or model). */
export const EXIT_USAGE = 2;
/** The gateway could not be reached. */
export const EXIT_UNREACHABLE = 3;
/** The run was aborted (Ctrl-C, `chat.abort`) or timed out. */
export const EXIT_ABORTED = 4;

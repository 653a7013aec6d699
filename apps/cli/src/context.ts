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

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

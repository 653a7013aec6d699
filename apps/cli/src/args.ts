/** Argument parsing on node:util parseArgs, turning its errors into one-line usage errors with a hint. */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "./context.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Parses `args` strictly against `options`; an unknown or malformed flag becomes a UsageError
 * that suggests the nearest known flag.
 */
export interface ParsedCommandArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export async function parseCommandArgs(
  args: string[],
  options: Options,
  command: string,
): Promise<ParsedCommandArgs> {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as ParsedCommandArgs["values"], positionals: parsed.positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(-{1,2}[^' ]+)'/.exec(message)?.[1];
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && flag) {
      const { didYouMean } = await import("@claw/config");
      const known = Object.keys(options).map((name) => `--${name}`);
      throw new UsageError(
        `unknown option ${flag} for "${command}"`,
        didYouMean(flag, known) ?? `run \`${command} --help\` for the options`,
      );
    }
    throw new UsageError(`${message.replace(/\.$/, "")} (in "${command}")`, `run \`${command} --help\``);
  }
}

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

/**
 * Parses `args` against flags from the command table.
 *
 * @example
 * const { values } = await parseFlags(["--json"], { json: { type: "boolean", summary: "" } }, "claw status");
 */
export function parseFlags(
  args: string[],
  flags: Readonly<Record<string, { type: "string" | "boolean"; short?: string }>>,
  command: string,
): Promise<ParsedCommandArgs> {
  const options: Options = {};
  for (const [name, flag] of Object.entries(flags))
    options[name] = flag.short ? { type: flag.type, short: flag.short } : { type: flag.type };
  return parseCommandArgs(args, options, command);
}

/** A string flag's value, or undefined. */
export function stringFlag(values: ParsedCommandArgs["values"], name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** A positive integer flag (`--limit 5`); a wrong value is a usage error naming the flag. */
export function intFlag(
  values: ParsedCommandArgs["values"],
  name: string,
  { min = 1 }: { min?: number } = {},
): number | undefined {
  const raw = stringFlag(values, name);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new UsageError(`--${name} must be an integer ≥ ${min}, got "${raw}"`, `e.g. --${name} 10`);
  return value;
}

/**
 * Runs a command group (`claw sessions list …`) from its table row: help, unknown subcommands
 * with a suggestion, per-subcommand `--help`, then the handler with parsed flags.
 */
import { type ParsedCommandArgs, parseFlags } from "./args.js";
import type { SubcommandSpec } from "./command-spec.js";
import { findCommand } from "./commands/index.js";
import { type CommandContext, EXIT_OK, UsageError } from "./context.js";
import { renderCommandHelp, renderSubcommandHelp } from "./render/command-help.js";

export type SubcommandHandler = (
  parsed: ParsedCommandArgs,
  context: CommandContext,
  spec: SubcommandSpec,
) => Promise<number>;

/**
 * @example
 * export const run = (args, context) => runSubcommands("sessions", { list, show }, args, context);
 */
export async function runSubcommands(
  command: string,
  handlers: Readonly<Record<string, SubcommandHandler>>,
  args: string[],
  context: CommandContext,
): Promise<number> {
  const entry = findCommand(command);
  if (!entry?.subcommands) throw new Error(`${command} has no subcommands in the command table`);
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    context.io.stdout(renderCommandHelp(entry, context.style));
    return EXIT_OK;
  }
  const spec = entry.subcommands.find((s) => s.name === name);
  const handler = handlers[name];
  if (!spec || !handler) {
    const { didYouMean } = await import("@claw/config");
    throw new UsageError(
      `unknown subcommand "${command} ${name}"`,
      didYouMean(
        name,
        entry.subcommands.map((s) => s.name),
      ) ?? `run \`claw ${command} --help\``,
    );
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    context.io.stdout(renderSubcommandHelp(command, spec, context.style));
    return EXIT_OK;
  }
  const parsed = await parseFlags(rest, spec.flags ?? {}, `claw ${command} ${name}`);
  return handler(parsed, context, spec);
}

/**
 * Runs a command without subcommands: `--help` from the table, then the handler.
 */
export async function runFlat(
  command: string,
  handler: (parsed: ParsedCommandArgs, context: CommandContext) => Promise<number>,
  args: string[],
  context: CommandContext,
): Promise<number> {
  const entry = findCommand(command);
  if (!entry) throw new Error(`${command} is not in the command table`);
  if (args.includes("--help") || args.includes("-h")) {
    context.io.stdout(renderCommandHelp(entry, context.style));
    return EXIT_OK;
  }
  return handler(await parseFlags(args, entry.flags ?? {}, `claw ${command}`), context);
}

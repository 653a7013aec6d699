/**
 * The `claw` dispatcher. It reads global flags, finds the command in the table and imports that
 * command's module only then, so `--help` and `--version` load almost nothing.
 *
 * @example
 * import { run } from "@claw/cli";
 * process.exitCode = await run(["config", "validate"]);
 */

import { createRequire } from "node:module";
import { sanitizeTerminalText as shown } from "@claw/client/terminal-text";
import { findCommand } from "./commands/index.js";
import { CliError, type CommandContext, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from "./context.js";
import { type CliIo, createStyle, processIo } from "./io.js";

/** Inlined by tsup at build time; absent when running from source (tests). */
declare const __CLAW_CLI_VERSION__: string | undefined;

/** The version in package.json: inlined in the build, read from the file when running from source. */
export function cliVersion(): string {
  if (typeof __CLAW_CLI_VERSION__ === "string") return __CLAW_CLI_VERSION__;
  return (createRequire(import.meta.url)("../package.json") as { version: string }).version;
}

interface GlobalArgs {
  rest: string[];
  profile: string | undefined;
  noColor: boolean;
  help: boolean;
  version: boolean;
}

/** Pulls global flags out of argv: --profile and --no-color anywhere, --help/--version before the command. */
function splitGlobalArgs(argv: string[]): GlobalArgs {
  const out: GlobalArgs = { rest: [], profile: undefined, noColor: false, help: false, version: false };
  let commandSeen = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      out.rest.push(...argv.slice(i));
      break;
    }
    if (arg === "--profile") {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith("-"))
        throw new UsageError("--profile needs a name", "e.g. --profile work");
      out.profile = value;
      i++;
    } else if (arg.startsWith("--profile=")) out.profile = arg.slice("--profile=".length);
    else if (arg === "--no-color") out.noColor = true;
    else if (!commandSeen && (arg === "--help" || arg === "-h")) out.help = true;
    else if (!commandSeen && (arg === "--version" || arg === "-V")) out.version = true;
    else {
      if (!arg.startsWith("-")) commandSeen = true;
      out.rest.push(arg);
    }
  }
  return out;
}

/** Runs claw with `argv` (without `node` and the script); resolves to the exit code. Never throws. */
export async function run(argv: string[], io: CliIo = processIo()): Promise<number> {
  let noColor = argv.includes("--no-color");
  try {
    const global = splitGlobalArgs(argv);
    noColor = global.noColor;
    const style = createStyle(io, noColor);
    if (global.version) {
      io.stdout(`${cliVersion()}\n`);
      return EXIT_OK;
    }
    const [name, ...args] = global.rest;
    if (global.help || name === undefined || name === "help") {
      const { renderHelp } = await import("./help.js");
      io.stdout(renderHelp(cliVersion(), style));
      return EXIT_OK;
    }
    if (name.startsWith("-"))
      throw new UsageError(`unknown option ${name}`, "run `claw --help` for the options");
    const entry = findCommand(name);
    if (!entry) {
      const [{ didYouMean }, { COMMANDS }] = await Promise.all([
        import("@claw/config"),
        import("./commands/index.js"),
      ]);
      throw new UsageError(
        `unknown command "${name}"`,
        didYouMean(
          name,
          COMMANDS.map((c) => c.name),
        ) ?? "run `claw --help`",
      );
    }
    const context: CommandContext = { io, style, profile: global.profile };
    const module = await entry.load();
    return await module.run(args, context);
  } catch (error) {
    const style = createStyle(io, noColor);
    if (error instanceof UsageError) {
      io.stderr(
        `${style.red("claw:")} ${shown(error.message)}${error.hint ? ` (${shown(error.hint)})` : ""}\n`,
      );
      return EXIT_USAGE;
    }
    if (error instanceof CliError) {
      io.stderr(
        `${style.red("claw:")} ${shown(error.message)}${error.hint ? ` — ${shown(error.hint)}` : ""}\n`,
      );
      return error.exitCode;
    }
    io.stderr(`${style.red("claw:")} ${shown(error instanceof Error ? error.message : String(error))}\n`);
    return EXIT_FAILURE;
  }
}

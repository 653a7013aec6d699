/** `claw config <get|set|unset|validate|schema|path>`. */
import { type CommandContext, type CommandModule, EXIT_OK, UsageError } from "../../context.js";
import { configGet, configPath, configSchema, configValidate } from "./read.js";
import { configSet, configUnset } from "./write.js";

type Subcommand = (args: string[], context: CommandContext) => Promise<number>;

const SUBCOMMANDS: Record<string, { usage: string; summary: string; run: Subcommand }> = {
  get: {
    usage: "get [PATH] [--json]",
    summary: "print the effective config, or one value (secrets redacted)",
    run: configGet,
  },
  set: {
    usage: "set PATH VALUE [--string]",
    summary: "set a value (JSON5 literal, else a string); validated before writing",
    run: configSet,
  },
  unset: {
    usage: "unset PATH",
    summary: "remove a key from the config file; validated before writing",
    run: configUnset,
  },
  validate: {
    usage: "validate [--json]",
    summary: "check the config file and list every problem",
    run: configValidate,
  },
  schema: { usage: "schema", summary: "print the JSON Schema of claw.json", run: configSchema },
  path: { usage: "path [--json]", summary: "print where the config file and state dir are", run: configPath },
};

function help(context: CommandContext): string {
  const { bold } = context.style;
  const rows = Object.values(SUBCOMMANDS)
    .map((s) => `  claw config ${s.usage.padEnd(26)}${s.summary}`)
    .join("\n");
  return `${bold("Usage:")} claw config <subcommand>

${rows}

PATH is dotted: gateway.port, agents.defaults.model.primary, agents.list[0].id.
The file is ~/.claw/claw.json (JSON5); see --profile, CLAW_STATE_DIR and CLAW_CONFIG_PATH in \`claw --help\`.
`;
}

export async function run(args: string[], context: CommandContext): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    context.io.stdout(help(context));
    return EXIT_OK;
  }
  const subcommand = SUBCOMMANDS[name];
  if (!subcommand) {
    const { didYouMean } = await import("@claw/config");
    throw new UsageError(
      `unknown subcommand "config ${name}"`,
      didYouMean(name, Object.keys(SUBCOMMANDS)) ?? "run `claw config --help`",
    );
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    context.io.stdout(
      `${context.style.bold("Usage:")} claw config ${subcommand.usage}\n  ${subcommand.summary}\n`,
    );
    return EXIT_OK;
  }
  return subcommand.run(rest, context);
}

export default { run } satisfies CommandModule;

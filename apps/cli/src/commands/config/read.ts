/** The read-only config subcommands: get, validate, schema, path. */
import { existsSync } from "node:fs";
import {
  ConfigError,
  configJsonSchema,
  getAtPath,
  loadConfig,
  type ModelKnowledge,
  parseConfigPath,
  redactConfig,
  schemaAtPath,
} from "@claw/config";
import { parseCommandArgs } from "../../args.js";
import { type CommandContext, EXIT_FAILURE, EXIT_OK, UsageError } from "../../context.js";
import { configPathsFor, loadModelKnowledge, plural, printIssues } from "./load.js";

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function load(context: CommandContext, knowledge: ModelKnowledge = {}) {
  return loadConfig({
    env: context.io.env,
    homeDir: context.io.homeDir,
    ...(context.profile ? { profile: context.profile } : {}),
    ...knowledge,
  });
}

export async function configValidate(args: string[], context: CommandContext): Promise<number> {
  const { values } = await parseCommandArgs(args, { json: { type: "boolean" } }, "claw config validate");
  const { io, style } = context;
  const paths = configPathsFor(context);
  try {
    const loaded = load(context, await loadModelKnowledge());
    if (values.json) io.stdout(json({ ok: true, exists: loaded.exists, path: paths.configPath, issues: [] }));
    else if (!loaded.exists)
      io.stdout(
        `${style.yellow("•")} no config file at ${paths.configPath}; using the built-in defaults (that is fine).\n  Create one with \`claw config set <path> <value>\`, e.g. \`claw config set agents.defaults.model.primary anthropic/claude-opus-4-6\`.\n`,
      );
    else io.stdout(`${style.green("✓")} ${paths.configPath} is valid\n`);
    return EXIT_OK;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    if (values.json)
      io.stdout(json({ ok: false, exists: true, path: paths.configPath, issues: error.issues }));
    else
      printIssues(
        context,
        `${style.red("✗")} ${paths.configPath} has ${plural(error.issues.length, "problem")}:`,
        error.issues,
        "stdout",
      );
    return EXIT_FAILURE;
  }
}

export async function configGet(args: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = await parseCommandArgs(
    args,
    { json: { type: "boolean" } },
    "claw config get",
  );
  if (positionals.length > 1)
    throw new UsageError("config get takes at most one PATH", "e.g. claw config get gateway.port");
  const segments = positionals[0] === undefined ? [] : parseConfigPath(positionals[0]);
  if (segments.length > 0) {
    const lookup = schemaAtPath(segments);
    if (!lookup.ok) {
      context.io.stderr(
        `claw: config path ${lookup.path} ${lookup.message}${lookup.hint ? ` (${lookup.hint})` : ""}\n`,
      );
      return EXIT_FAILURE;
    }
  }
  let config: unknown;
  try {
    config = load(context).config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printIssues(
      context,
      `claw: cannot read the config: ${plural(error.issues.length, "problem")} (run \`claw config validate\`):`,
      error.issues,
      "stderr",
    );
    return EXIT_FAILURE;
  }
  const value = getAtPath(redactConfig(config), segments);
  if (value === undefined) {
    if (values.json) context.io.stdout("null\n");
    else context.io.stderr(`claw: ${positionals[0]} is not set\n`);
    return values.json ? EXIT_OK : EXIT_FAILURE;
  }
  context.io.stdout(values.json || typeof value === "object" ? json(value) : `${String(value)}\n`);
  return EXIT_OK;
}

export async function configSchema(args: string[], context: CommandContext): Promise<number> {
  await parseCommandArgs(args, {}, "claw config schema");
  context.io.stdout(json(configJsonSchema()));
  return EXIT_OK;
}

export async function configPath(args: string[], context: CommandContext): Promise<number> {
  const { values } = await parseCommandArgs(args, { json: { type: "boolean" } }, "claw config path");
  const paths = configPathsFor(context);
  if (values.json) context.io.stdout(json({ ...paths, exists: existsSync(paths.configPath) }));
  else context.io.stdout(`${paths.configPath}\n`);
  return EXIT_OK;
}

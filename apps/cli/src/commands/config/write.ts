/**
 * `config set` and `config unset`: edit the main file's own document (includes and `${ENV}`
 * references stay as written), validate the result as a whole, and only then write atomically.
 */
import { existsSync, readFileSync } from "node:fs";
import {
  ConfigError,
  expandConfigDocument,
  type PathSegment,
  parseConfigPath,
  parseJson5,
  schemaAtPath,
  setAtPath,
  unsetAtPath,
  validateConfig,
  writeConfigFile,
} from "@claw/config";
import { parseCommandArgs } from "../../args.js";
import { type CommandContext, EXIT_FAILURE, EXIT_OK, UsageError } from "../../context.js";
import { applyThroughGateway, describeApplied } from "./apply-live.js";
import { configPathsFor, loadModelKnowledge, plural, printIssues } from "./load.js";

/** A JSON5 literal (number, boolean, null, array, object, quoted string), else the text as a string. */
function parseValue(text: string, forceString: boolean): unknown {
  if (forceString) return text;
  try {
    return parseJson5(text, "VALUE");
  } catch {
    return text;
  }
}

function checkPath(path: string, context: CommandContext): PathSegment[] | undefined {
  const segments = parseConfigPath(path);
  const lookup = schemaAtPath(segments);
  if (lookup.ok) return segments;
  context.io.stderr(
    `claw: config path ${lookup.path} ${lookup.message}${lookup.hint ? ` (${lookup.hint})` : ""}\n`,
  );
  return undefined;
}

export async function editConfigDocument(
  context: CommandContext,
  change: (document: unknown) => unknown,
  describe: string,
): Promise<number> {
  const { configPath, stateDir } = configPathsFor(context);
  const current = existsSync(configPath) ? parseJson5(readFileSync(configPath, "utf8"), configPath) : {};
  const next = change(current);
  try {
    const result = validateConfig(
      expandConfigDocument(configPath, next, context.io.env),
      await loadModelKnowledge(),
    );
    if (!result.ok) throw new ConfigError(result.issues, configPath);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printIssues(
      context,
      `claw: not written — the result would have ${plural(error.issues.length, "problem")}:`,
      error.issues,
      "stderr",
    );
    return EXIT_FAILURE;
  }
  // A running gateway writes, applies and reports in one place; otherwise write the file here.
  const applied = await applyThroughGateway(context, stateDir, next);
  if (applied) {
    context.io.stdout(
      `${context.style.green("✓")} ${describe} in ${configPath}\n${describeApplied(applied, context)}`,
    );
    return EXIT_OK;
  }
  const written = writeConfigFile(configPath, next);
  const backup = written.backupPath ? ` (previous version: ${written.backupPath})` : "";
  context.io.stdout(`${context.style.green("✓")} ${describe} in ${configPath}${backup}\n`);
  return EXIT_OK;
}

export async function configSet(args: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = await parseCommandArgs(
    args,
    { string: { type: "boolean" } },
    "claw config set",
  );
  const [path, raw, ...extra] = positionals;
  if (path === undefined || raw === undefined || extra.length > 0)
    throw new UsageError("config set needs PATH and VALUE", "e.g. claw config set gateway.port 18790");
  const segments = checkPath(path, context);
  if (!segments) return EXIT_FAILURE;
  const value = parseValue(raw, values.string === true);
  return editConfigDocument(
    context,
    (document) => setAtPath(document, segments, value),
    `set ${path} = ${JSON.stringify(value)}`,
  );
}

export async function configUnset(args: string[], context: CommandContext): Promise<number> {
  const { positionals } = await parseCommandArgs(args, {}, "claw config unset");
  const [path, ...extra] = positionals;
  if (path === undefined || extra.length > 0)
    throw new UsageError("config unset needs one PATH", "e.g. claw config unset gateway.port");
  const segments = checkPath(path, context);
  if (!segments) return EXIT_FAILURE;
  return editConfigDocument(context, (document) => unsetAtPath(document, segments), `removed ${path}`);
}

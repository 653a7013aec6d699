/**
 * Loading the config for a command. An invalid file becomes one actionable error that points at
 * the file and line of the first problem; `claw config validate` lists them all.
 */
import { readFileSync } from "node:fs";
import { ConfigError, formatConfigIssue, type LoadedConfig, loadConfig } from "@claw/config";
import { CliError, type CommandContext } from "./context.js";
import { locateConfigPath } from "./render/config-location.js";

/** The loaded config, or a CliError like `config ~/.claw/claw.json:3:11 gateway.port "x" must be …`. */
export function loadCliConfig(context: CommandContext): LoadedConfig {
  try {
    return loadConfig({
      env: context.io.env,
      homeDir: context.io.homeDir,
      ...(context.profile ? { profile: context.profile } : {}),
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const [first] = error.issues;
    const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : "";
    let where = "";
    if (first && first.line === undefined && error.configPath) {
      try {
        const at = locateConfigPath(readFileSync(error.configPath, "utf8"), first.path);
        if (at) where = `${error.configPath}:${at.line}:${at.column} `;
      } catch {
        // The file vanished between load and read: the message without a line still helps.
      }
    }
    const text = first ? formatConfigIssue(first) : "is invalid";
    throw new CliError(`config ${where}${text}${more}`, {
      hint: "run `claw config validate` to see every problem, or `claw doctor`",
    });
  }
}

/** The loader apps call: paths → read (includes, env) → validate with defaults. Libraries never call it. */
import { existsSync, readFileSync } from "node:fs";
import type { ClawConfig } from "../schema/config.js";
import { ConfigError } from "../validate/issue.js";
import { defaultConfig, type ValidateOptions, validateConfig } from "../validate/validate-config.js";
import { substituteEnv } from "./env-substitution.js";
import { type IncludeOptions, loadWithIncludes } from "./includes.js";
import { type ConfigPaths, type PathInputs, resolveConfigPaths } from "./paths.js";

export interface LoadConfigOptions extends PathInputs, ValidateOptions, IncludeOptions {}

export interface LoadedConfig {
  config: ClawConfig;
  paths: ConfigPaths;
  /** False when no config file exists and `config` is all defaults. */
  exists: boolean;
}

/**
 * Reads a config document: JSON5, `$include`s expanded, `${ENV}` substituted. Not validated.
 *
 * @example
 * const document = readConfigDocument("/home/u/.claw/claw.json", process.env);
 */
export function readConfigDocument(
  configPath: string,
  env: Readonly<Record<string, string | undefined>>,
  options: IncludeOptions = {},
): unknown {
  return substituteEnv(loadWithIncludes(configPath, options), env, configPath);
}

/**
 * What a config document would load as if it were the file at `configPath`: its `$include`s
 * (relative to that file) expanded and `${ENV}` substituted. For checking an edit before writing it.
 *
 * @example
 * const result = validateConfig(expandConfigDocument(paths.configPath, edited, process.env));
 */
export function expandConfigDocument(
  configPath: string,
  document: unknown,
  env: Readonly<Record<string, string | undefined>>,
): unknown {
  const text = JSON.stringify(document);
  return readConfigDocument(configPath, env, {
    readFile: (path) => (path === configPath ? text : readFileSync(path, "utf8")),
  });
}

/**
 * Loads and validates the config; throws ConfigError listing every problem.
 *
 * @example
 * const { config, paths, exists } = loadConfig({ env: process.env, homeDir: os.homedir() });
 * console.log(exists ? `loaded ${paths.configPath}` : "no config file, using defaults", config.gateway.port);
 */
export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const paths = resolveConfigPaths(options);
  if (!existsSync(paths.configPath)) return { config: defaultConfig(), paths, exists: false };
  const document = readConfigDocument(paths.configPath, options.env, options);
  const result = validateConfig(document, options);
  if (!result.ok) throw new ConfigError(result.issues, paths.configPath);
  return { config: result.config, paths, exists: true };
}

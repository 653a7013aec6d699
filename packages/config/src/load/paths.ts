/** Where the state dir and config file live, from explicit inputs only (pure, testable). */
import { isAbsolute, join, resolve } from "node:path";

export interface PathInputs {
  /** Usually `process.env`; read for CLAW_STATE_DIR, CLAW_CONFIG_PATH and CLAW_PROFILE. */
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory. */
  homeDir: string;
  /** `--profile NAME` → state dir `~/.claw-NAME`. Wins over CLAW_STATE_DIR and CLAW_PROFILE. */
  profile?: string;
}

export interface ConfigPaths {
  stateDir: string;
  configPath: string;
  profile: string | undefined;
}

const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Expands `~` and `~/…` against `homeDir`; resolves relative paths against `baseDir`. */
export function expandUserPath(path: string, homeDir: string, baseDir: string = homeDir): string {
  if (path === "~") return homeDir;
  if (path.startsWith("~/")) return join(homeDir, path.slice(2));
  return isAbsolute(path) ? path : resolve(baseDir, path);
}

/**
 * Resolves the state dir and config path.
 *
 * Precedence: state dir = `--profile` (`~/.claw-NAME`) > `CLAW_STATE_DIR` > `CLAW_PROFILE` > `~/.claw`;
 * config = `CLAW_CONFIG_PATH` > `<stateDir>/claw.json`. Profile `default` means `~/.claw`.
 *
 * @example
 * resolveConfigPaths({ env: {}, homeDir: "/home/u", profile: "work" });
 * // → { stateDir: "/home/u/.claw-work", configPath: "/home/u/.claw-work/claw.json", profile: "work" }
 */
export function resolveConfigPaths(inputs: PathInputs): ConfigPaths {
  const { env, homeDir } = inputs;
  const profile =
    nonEmpty(inputs.profile) ?? (nonEmpty(env.CLAW_STATE_DIR) ? undefined : nonEmpty(env.CLAW_PROFILE));
  if (profile !== undefined && !PROFILE_NAME.test(profile))
    throw new Error(
      `profile name ${JSON.stringify(profile)} is not valid: use letters, digits, '-' and '_' (it becomes the folder ~/.claw-${profile})`,
    );
  const stateDir =
    profile !== undefined
      ? join(homeDir, profile === "default" ? ".claw" : `.claw-${profile}`)
      : expandUserPath(nonEmpty(env.CLAW_STATE_DIR) ?? join(homeDir, ".claw"), homeDir);
  const configPath = nonEmpty(env.CLAW_CONFIG_PATH)
    ? expandUserPath(env.CLAW_CONFIG_PATH as string, homeDir)
    : join(stateDir, "claw.json");
  return { stateDir, configPath, profile };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

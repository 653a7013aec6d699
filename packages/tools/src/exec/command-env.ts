/**
 * The environment a command starts with: only PATH, HOME, LANG and TERM from the gateway, plus
 * what `tools.exec.env` adds. The gateway's own variables (provider API keys, tokens) never pass.
 */

/** Variables copied from the gateway's environment when set there. */
export const INHERITED_ENV_NAMES = ["PATH", "HOME", "LANG", "TERM"] as const;

const FALLBACK_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/**
 * @example
 * minimalCommandEnv({ CI: "1" }, { PATH: "/usr/bin", OPENAI_API_KEY: "sk-…" });
 * // { PATH: "/usr/bin", CI: "1" }
 */
export function minimalCommandEnv(
  extra: Readonly<Record<string, string>> = {},
  source: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV_NAMES) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  env.PATH ??= FALLBACK_PATH;
  return { ...env, ...extra };
}

/**
 * `${NAME}` in any string value is replaced by the environment variable NAME (upper-case
 * letters, digits, `_`). A missing or empty variable is an error naming it and where it is
 * used; `$${NAME}` is the escape for a literal `${NAME}`.
 */
import { ConfigError, type ConfigIssue, formatPath } from "../validate/issue.js";

const REFERENCE = /\$?\$\{([A-Z_][A-Z0-9_]*)\}/g;

/**
 * Returns a copy of `value` with every `${NAME}` substituted; throws ConfigError listing every
 * missing variable.
 *
 * @example
 * substituteEnv({ apiKey: "${OPENAI_API_KEY}", note: "$${HOME}" }, { OPENAI_API_KEY: "sk-1" });
 * // → { apiKey: "sk-1", note: "${HOME}" }
 */
export function substituteEnv(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  file?: string,
): unknown {
  const issues: ConfigIssue[] = [];
  const visit = (node: unknown, at: (string | number)[]): unknown => {
    if (typeof node === "string")
      return substituteString(node, env, (name) => issues.push(missing(name, node, at, file)));
    if (Array.isArray(node)) return node.map((item, i) => visit(item, [...at, i]));
    if (typeof node === "object" && node !== null)
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [key, visit(child, [...at, key])]),
      );
    return node;
  };
  const result = visit(value, []);
  if (issues.length > 0) throw new ConfigError(issues, file);
  return result;
}

function substituteString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  onMissing: (name: string) => void,
) {
  return text.replace(REFERENCE, (match, name: string) => {
    if (match.startsWith("$$")) return match.slice(1);
    const found = env[name];
    if (found === undefined || found === "") {
      onMissing(name);
      return match;
    }
    return found;
  });
}

function missing(
  name: string,
  value: string,
  at: (string | number)[],
  file: string | undefined,
): ConfigIssue {
  return {
    path: formatPath(at),
    value,
    message: `uses environment variable ${name}, which is not set`,
    hint: `export ${name}=… before starting claw, or write $\${${name}} for a literal`,
    ...(file ? { file } : {}),
  };
}

/** True when a string is exactly one environment reference, e.g. `"${OPENAI_API_KEY}"`. */
export function isEnvReference(value: string): boolean {
  return /^\$\{[A-Z_][A-Z0-9_]*\}$/.test(value);
}

/** One problem found in a config file, with enough context for a person to fix it. */
export interface ConfigIssue {
  /** JSON path in dotted form, e.g. `agents.list[1].model`; `""` for the whole document. */
  path: string;
  /** What is wrong, without the path, e.g. `is not a known model`. */
  message: string;
  /** The offending value, when there is one. */
  value?: unknown;
  /** What to do, e.g. `did you mean "anthropic/claude-opus-4-6"?`. */
  hint?: string;
  /** The file the problem is in, when known (includes, syntax errors). */
  file?: string;
  /** 1-based position in `file`, for syntax errors. */
  line?: number;
  column?: number;
}

/** Joins path segments into `a.b[0].c`; keys that are not identifiers are quoted. */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Renders a value briefly for a message: strings quoted, long values cut. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "undefined";
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * One line per issue: `config: agents.list[1].model "x" is not a known model (did you mean "y"?)`.
 *
 * @example
 * formatConfigIssue({ path: "gateway.port", message: "must be an integer", value: "x" });
 * // → 'gateway.port "x" must be an integer'
 */
export function formatConfigIssue(issue: ConfigIssue): string {
  const where = issue.file
    ? `${issue.file}${issue.line !== undefined ? `:${issue.line}:${issue.column ?? 1}` : ""}${issue.path ? ` ${issue.path}` : ""}`
    : issue.path || "(root)";
  const value = "value" in issue && issue.value !== undefined ? ` ${describeValue(issue.value)}` : "";
  const hint = issue.hint ? ` — ${issue.hint}` : "";
  return `${where}${value} ${issue.message}${hint}`;
}

/** Thrown by the loader when a config cannot be read or is invalid; carries every issue. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];
  readonly configPath: string | undefined;

  constructor(issues: ConfigIssue[], configPath?: string) {
    const head = `config${configPath ? ` ${configPath}` : ""} has ${issues.length} problem${issues.length === 1 ? "" : "s"}`;
    super(`${head}:\n${issues.map((i) => `  - ${formatConfigIssue(i)}`).join("\n")}`);
    this.name = "ConfigError";
    this.issues = issues;
    this.configPath = configPath;
  }
}

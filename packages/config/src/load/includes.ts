/**
 * `$include`: an object may pull in one file (`"$include": "./agents.json5"`) or several
 * (`["a.json5", "b.json5"]`). Included documents are deep-merged in order, then the object's own
 * keys are merged over them (objects merge; arrays and scalars replace). Paths are relative to
 * the including file. Cycles are errors that show the chain.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { ConfigError, type ConfigIssue, formatPath } from "../validate/issue.js";
import { parseJson5 } from "./parse-json5.js";

export const INCLUDE_KEY = "$include";
const MAX_DEPTH = 16;

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep merge: objects merge key by key; anything else in `over` replaces `base`. */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in out ? deepMerge(out[key], value) : value;
  return out;
}

export interface IncludeOptions {
  /** Reads a file as text; defaults to fs.readFileSync. */
  readFile?: (path: string) => string;
}

/**
 * Loads `file` and expands every `$include` in it, recursively.
 *
 * @example
 * const document = loadWithIncludes("/home/u/.claw/claw.json");
 */
export function loadWithIncludes(file: string, options: IncludeOptions = {}): unknown {
  const readFile = options.readFile ?? ((path: string) => readFileSync(path, "utf8"));
  const issues: ConfigIssue[] = [];
  const load = (path: string, chain: string[]): unknown => {
    const text = readFile(path);
    return expand(parseJson5(text, path), [], path, chain);
  };
  const expand = (value: unknown, at: (string | number)[], file: string, chain: string[]): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => expand(item, [...at, i], file, chain));
    if (!isPlainObject(value)) return value;
    const own: Json = {};
    for (const [key, child] of Object.entries(value))
      if (key !== INCLUDE_KEY) own[key] = expand(child, [...at, key], file, chain);
    if (!(INCLUDE_KEY in value)) return own;
    const spec = value[INCLUDE_KEY];
    const targets = typeof spec === "string" ? [spec] : Array.isArray(spec) ? spec : undefined;
    const where = formatPath([...at, INCLUDE_KEY]);
    if (!targets || targets.some((t) => typeof t !== "string" || t.trim() === "")) {
      issues.push({
        file,
        path: where,
        value: spec,
        message: "must be a file path or an array of file paths",
      });
      return own;
    }
    let merged: unknown = {};
    for (const target of targets as string[]) {
      const included = resolve(dirname(file), target);
      if (chain.includes(included)) {
        const cycle = [...chain.slice(chain.indexOf(included)), included].join(" → ");
        issues.push({
          file,
          path: where,
          value: target,
          message: `creates an include cycle: ${cycle}`,
          hint: "remove one of the includes",
        });
        continue;
      }
      if (chain.length >= MAX_DEPTH) {
        issues.push({
          file,
          path: where,
          value: target,
          message: `nests includes deeper than ${MAX_DEPTH} levels`,
        });
        continue;
      }
      try {
        const document = load(included, [...chain, included]);
        if (!isPlainObject(document)) {
          issues.push({
            file: included,
            path: "",
            message: "is included as an object but does not contain one",
          });
          continue;
        }
        merged = deepMerge(merged, document);
      } catch (error) {
        if (error instanceof ConfigError) issues.push(...error.issues);
        else
          issues.push({
            file,
            path: where,
            value: target,
            message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
            hint: `expected a file at ${included}`,
          });
      }
    }
    return deepMerge(merged, own);
  };
  const document = load(file, [file]);
  if (issues.length > 0) throw new ConfigError(issues, file);
  return document;
}

import JSON5 from "json5";
import { ConfigError } from "../validate/issue.js";

/**
 * Parses JSON5 text; a syntax error becomes a ConfigError naming the file, line and column.
 *
 * @example
 * parseJson5("{ port: 1, }", "claw.json"); // → { port: 1 }
 */
export function parseJson5(text: string, file: string): unknown {
  let value: unknown;
  try {
    value = JSON5.parse(text);
  } catch (error) {
    const detail = error as { lineNumber?: number; columnNumber?: number; message?: string };
    const message = (detail.message ?? String(error)).replace(/^JSON5: /, "").replace(/ at \d+:\d+$/, "");
    throw new ConfigError([
      {
        path: "",
        file,
        line: detail.lineNumber ?? 1,
        column: detail.columnNumber ?? 1,
        message: `is not valid JSON5: ${message}`,
        hint: "check for a missing comma, quote or closing bracket just before this position",
      },
    ]);
  }
  assertNestingDepth(value, file);
  return value;
}

/** Deeper documents are refused up front: the later steps (includes, env, validation) recurse. */
export const MAX_CONFIG_DEPTH = 64;

function assertNestingDepth(root: unknown, file: string): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_CONFIG_DEPTH) {
      throw new ConfigError([
        {
          path,
          file,
          message: `nests objects and arrays deeper than ${MAX_CONFIG_DEPTH} levels`,
          hint: "a Claw config is a few levels deep; check for a generated or pasted structure",
        },
      ]);
    }
    for (const [key, child] of Object.entries(value)) {
      stack.push({
        value: child,
        path: Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
        depth: depth + 1,
      });
    }
  }
}

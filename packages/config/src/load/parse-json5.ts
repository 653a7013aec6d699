import JSON5 from "json5";
import { ConfigError } from "../validate/issue.js";

/**
 * Parses JSON5 text; a syntax error becomes a ConfigError naming the file, line and column.
 *
 * @example
 * parseJson5("{ port: 1, }", "claw.json"); // → { port: 1 }
 */
export function parseJson5(text: string, file: string): unknown {
  try {
    return JSON5.parse(text);
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
}

/**
 * Finds where a dotted config path (`agents.list[1].model`) is written in a JSON5 file, so an
 * error can point at a line. A scan for each key in turn; good enough for hand-written files.
 */

export interface TextPosition {
  line: number;
  column: number;
}

function positionOf(text: string, index: number): TextPosition {
  const before = text.slice(0, index);
  const line = before.split("\n").length;
  return { line, column: index - before.lastIndexOf("\n") };
}

/**
 * @example
 * locateConfigPath('{\n  gateway: { port: "x" }\n}', "gateway.port"); // { line: 2, column: 14 }
 */
export function locateConfigPath(text: string, path: string): TextPosition | undefined {
  const keys = path.split(/\.|\[\d+\]|\["|"\]/).filter((k) => k !== "");
  if (keys.length === 0) return undefined;
  let from = 0;
  let found = -1;
  for (const key of keys) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`(?:["']${escaped}["']|\\b${escaped}\\b)\\s*:`, "g");
    pattern.lastIndex = from;
    const match = pattern.exec(text);
    if (!match) break;
    found = match.index;
    from = match.index + match[0].length;
  }
  return found === -1 ? undefined : positionOf(text, found);
}

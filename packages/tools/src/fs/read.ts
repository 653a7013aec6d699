import { readFile, stat } from "node:fs/promises";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { DEFAULT_MAX_OUTPUT_CHARS, DEFAULT_MAX_READ_BYTES } from "../shared/options.js";
import { looksBinary, truncateMiddle } from "../shared/truncate.js";
import type { Workspace } from "../shared/workspace.js";

const ReadParams = Type.Object({
  path: Type.String({ description: "File path, relative to the workspace." }),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: "First line to return (1-based)." })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "How many lines to return." })),
});

/** `read`: a text file, whole or a line range, numbered; binary files are refused. */
export function createReadTool(
  workspace: Workspace,
  options: { maxReadBytes?: number; maxOutputChars?: number } = {},
): TypedTool<typeof ReadParams> {
  const maxBytes = options.maxReadBytes ?? DEFAULT_MAX_READ_BYTES;
  return {
    name: "read",
    label: "Read file",
    description: "Read a text file from the workspace. Use offset/limit for large files.",
    parameters: ReadParams,
    async execute({ path, offset, limit }) {
      const file = await workspace.resolve(path);
      const info = await stat(file).catch(() => undefined);
      if (!info) throw new Error(`File not found: ${path}`);
      if (info.isDirectory()) throw new Error(`${path} is a directory; use ls to list it.`);
      const ranged = offset !== undefined || limit !== undefined;
      if (info.size > maxBytes && !ranged) {
        throw new Error(
          `${path} is ${info.size} bytes, more than the ${maxBytes}-byte limit for a whole read. Read a line range with offset and limit.`,
        );
      }
      const buffer = await readFile(file);
      if (looksBinary(buffer))
        throw new Error(`${path} looks like a binary file (${info.size} bytes); not shown.`);
      const lines = buffer.toString("utf8").split("\n");
      const start = (offset ?? 1) - 1;
      const end = limit === undefined ? lines.length : Math.min(lines.length, start + limit);
      if (start >= lines.length && lines.length > 0) {
        throw new Error(`offset ${offset} is past the end of ${path} (${lines.length} lines).`);
      }
      const width = String(end).length;
      const body = lines
        .slice(start, end)
        .map((line, i) => `${String(start + i + 1).padStart(width)}\t${line}`)
        .join("\n");
      const more =
        end < lines.length ? `\n[… ${lines.length - end} more lines; continue with offset=${end + 1}]` : "";
      const out = truncateMiddle(body + more, { max: options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS });
      return textResult(out.text, {
        path: workspace.display(file),
        lines: end - start,
        truncated: out.truncated,
      });
    },
  };
}

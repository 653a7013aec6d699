import { readFile, stat } from "node:fs/promises";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { looksBinary, truncateMiddle } from "../shared/truncate.js";
import type { Workspace } from "../shared/workspace.js";
import { globInWorkspace } from "../shared/workspace-glob.js";

const GrepParams = Type.Object({
  pattern: Type.String({ minLength: 1, description: "Regular expression (JavaScript syntax)." }),
  path: Type.Optional(
    Type.String({ description: "Folder or file to search (default: the workspace root)." }),
  ),
  glob: Type.Optional(
    Type.String({ description: 'Only files matching this glob, relative to path, e.g. "**/*.md".' }),
  ),
  ignoreCase: Type.Optional(Type.Boolean()),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 5000, description: "Most matches returned (default 200)." }),
  ),
});

const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** `grep`: regex search over workspace files, `path:line: text`, skipping ignored and binary files. */
export function createGrepTool(
  workspace: Workspace,
  options: { maxOutputChars?: number } = {},
): TypedTool<typeof GrepParams> {
  return {
    name: "grep",
    label: "Search files",
    description: "Search file contents in the workspace with a regular expression.",
    parameters: GrepParams,
    async execute(args, { signal }) {
      let regex: RegExp;
      try {
        regex = new RegExp(args.pattern, args.ignoreCase ? "i" : "");
      } catch (error) {
        throw new Error(`Invalid regular expression "${args.pattern}": ${(error as Error).message}`);
      }
      const target = await workspace.resolve(args.path ?? ".");
      const info = await stat(target).catch(() => undefined);
      if (!info) throw new Error(`Not found: ${args.path}`);
      const files = info.isFile() ? [target] : await globInWorkspace(workspace, args.glob ?? "**/*", target);
      const limit = args.limit ?? 200;
      const matches: string[] = [];
      const tooLarge: string[] = [];
      for (const file of files) {
        if (signal.aborted || matches.length >= limit) break;
        const size = (await stat(file).catch(() => undefined))?.size ?? 0;
        if (size > MAX_FILE_BYTES) {
          tooLarge.push(workspace.display(file));
          continue;
        }
        const buffer = await readFile(file).catch(() => undefined);
        if (!buffer || looksBinary(buffer)) continue;
        const lines = buffer.toString("utf8").split("\n");
        for (let i = 0; i < lines.length && matches.length < limit; i++) {
          if (regex.test(lines[i] as string))
            matches.push(`${workspace.display(file)}:${i + 1}: ${(lines[i] as string).slice(0, 500)}`);
        }
      }
      // a skipped file may hold matches: say so rather than let "No matches." mislead
      const skipped = tooLarge.length
        ? `\n[skipped ${tooLarge.length} file${tooLarge.length === 1 ? "" : "s"} larger than ${MAX_FILE_BYTES / 1024 / 1024} MB: ${tooLarge.slice(0, 10).join(", ")}${tooLarge.length > 10 ? ", …" : ""}; use exec with rg or grep for them]`
        : "";
      if (matches.length === 0) return textResult(`No matches.${skipped}`);
      const more =
        matches.length >= limit ? `\n[stopped at ${limit} matches; narrow the pattern or raise limit]` : "";
      return textResult(
        truncateMiddle(matches.join("\n") + more + skipped, { max: options.maxOutputChars ?? 30_000 }).text,
      );
    },
  };
}

import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import type { Workspace } from "../shared/workspace.js";

const LsParams = Type.Object({
  path: Type.Optional(
    Type.String({ description: "Directory, relative to the workspace (default: the root)." }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
});

/** `ls`: one directory's entries, folders marked with a trailing slash, sorted. */
export function createLsTool(workspace: Workspace): TypedTool<typeof LsParams> {
  return {
    name: "ls",
    label: "List directory",
    description: "List the entries of a directory in the workspace.",
    parameters: LsParams,
    async execute({ path = ".", limit = 500 }) {
      const dir = await workspace.resolve(path);
      const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        throw new Error(
          error.code === "ENOTDIR" ? `${path} is a file, not a directory.` : `Directory not found: ${path}`,
        );
      });
      // A symlink whose target is outside is named but never followed: say so instead of hiding it.
      const names = (
        await Promise.all(
          entries.map(async (e) => {
            if (e.isDirectory()) return `${e.name}/`;
            if (e.isSymbolicLink() && !(await workspace.contains(join(dir, e.name))))
              return `${e.name} (symlink leading outside the workspace; not followed)`;
            return e.name;
          }),
        )
      ).sort((a, b) => a.localeCompare(b));
      const shown = names.slice(0, limit);
      const more = names.length > limit ? `\n[… ${names.length - limit} more entries]` : "";
      return textResult(shown.length ? shown.join("\n") + more : "(empty directory)");
    },
  };
}

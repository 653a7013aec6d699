import { relative } from "node:path";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import type { Workspace } from "../shared/workspace.js";
import { globInWorkspace } from "../shared/workspace-glob.js";

const FindParams = Type.Object({
  pattern: Type.String({
    minLength: 1,
    description: 'Glob relative to path, e.g. "src/**/*.ts"; never absolute or climbing out with "..".',
  }),
  path: Type.Optional(Type.String({ description: "Folder to search in (default: the workspace root)." })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
});

/** `find`: files matching a glob, honouring .gitignore, inside the workspace only. */
export function createFindTool(workspace: Workspace): TypedTool<typeof FindParams> {
  return {
    name: "find",
    label: "Find files",
    description: "Find files in the workspace by glob pattern.",
    parameters: FindParams,
    async execute({ pattern, path = ".", limit = 1000 }) {
      const cwd = await workspace.resolve(path);
      const files = (await globInWorkspace(workspace, pattern, path)).map((file) => relative(cwd, file));
      const more = files.length > limit ? `\n[… ${files.length - limit} more matches]` : "";
      return textResult(files.length ? files.slice(0, limit).join("\n") + more : "No files matched.");
    },
  };
}

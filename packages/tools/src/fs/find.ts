import { type AgentTool, textResult } from "@claw/agent-core";
import { glob } from "tinyglobby";
import { Type } from "typebox";
import type { Workspace } from "../shared/workspace.js";
import { ALWAYS_IGNORED, gitignorePatterns } from "./ignore.js";

const FindParams = Type.Object({
  pattern: Type.String({ minLength: 1, description: 'Glob, e.g. "src/**/*.ts".' }),
  path: Type.Optional(Type.String({ description: "Folder to search in (default: the workspace root)." })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
});

/** `find`: files matching a glob, honouring .gitignore, inside the workspace only. */
export function createFindTool(workspace: Workspace): AgentTool<typeof FindParams> {
  return {
    name: "find",
    label: "Find files",
    description: "Find files in the workspace by glob pattern.",
    parameters: FindParams,
    async execute({ pattern, path = ".", limit = 1000 }) {
      if (pattern.split(/[\\/]/).includes(".."))
        throw new Error(`The pattern "${pattern}" may not contain "..".`);
      const cwd = await workspace.resolve(path);
      const files = await glob(pattern, {
        cwd,
        ignore: [...ALWAYS_IGNORED, ...(await gitignorePatterns(workspace.root))],
        dot: true,
        followSymbolicLinks: false,
        onlyFiles: true,
      });
      files.sort();
      const more = files.length > limit ? `\n[… ${files.length - limit} more matches]` : "";
      return textResult(files.length ? files.slice(0, limit).join("\n") + more : "No files matched.");
    },
  };
}

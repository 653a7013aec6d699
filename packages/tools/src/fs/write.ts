import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { writeFileAtomic } from "../shared/commit-files.js";
import type { Workspace } from "../shared/workspace.js";

const WriteParams = Type.Object({
  path: Type.String({ description: "File path, relative to the workspace." }),
  content: Type.String({ description: "The complete new file content." }),
});

/** `write`: creates or replaces a file atomically (temp file + rename), creating folders. */
export function createWriteTool(workspace: Workspace): TypedTool<typeof WriteParams> {
  return {
    name: "write",
    label: "Write file",
    description: "Create or overwrite a file in the workspace with the given content.",
    parameters: WriteParams,
    async execute({ path, content }) {
      const file = await workspace.resolve(path);
      await writeFileAtomic(file, content);
      return textResult(`Wrote ${Buffer.byteLength(content)} bytes to ${workspace.display(file)}.`);
    },
  };
}

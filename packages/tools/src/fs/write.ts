import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { type AgentTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import type { Workspace } from "../shared/workspace.js";

const WriteParams = Type.Object({
  path: Type.String({ description: "File path, relative to the workspace." }),
  content: Type.String({ description: "The complete new file content." }),
});

/** `write`: creates or replaces a file atomically (temp file + rename), creating folders. */
export function createWriteTool(workspace: Workspace): AgentTool<typeof WriteParams> {
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

export async function writeFileAtomic(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.claw-tmp-${process.pid}-${Date.now()}`;
  await writeFile(temp, content);
  await rename(temp, file);
}

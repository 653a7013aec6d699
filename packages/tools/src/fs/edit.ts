import { readFile } from "node:fs/promises";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { writeFileAtomic } from "../shared/commit-files.js";
import type { Workspace } from "../shared/workspace.js";

const EditParams = Type.Object({
  path: Type.String({ description: "File path, relative to the workspace." }),
  oldText: Type.String({ minLength: 1, description: "Exact text to replace; must occur exactly once." }),
  newText: Type.String({ description: "Replacement text." }),
});

/** `edit`: exact-match replace of one unique occurrence; zero or several matches are errors. */
export function createEditTool(workspace: Workspace): TypedTool<typeof EditParams> {
  return {
    name: "edit",
    label: "Edit file",
    description: "Replace one exact, unique occurrence of oldText with newText in a file.",
    parameters: EditParams,
    async execute(args) {
      const { path } = args;
      const file = await workspace.resolve(path);
      const content = await readFile(file, "utf8").catch(() => {
        throw new Error(`File not found: ${path}`);
      });
      // Models send LF; in an all-CRLF file, match and write with CRLF so the file's endings survive.
      const crlf = content.includes("\r\n") && !/(^|[^\r])\n/.test(content);
      const toFileEol = (t: string) => (crlf && !t.includes("\r") ? t.replace(/\n/g, "\r\n") : t);
      const oldText = toFileEol(args.oldText);
      const newText = toFileEol(args.newText);
      const first = content.indexOf(oldText);
      if (first === -1) {
        throw new Error(
          `oldText was not found in ${path}. Read the file again and copy the exact text, whitespace included.`,
        );
      }
      const second = content.indexOf(oldText, first + 1);
      if (second !== -1) {
        const count = content.split(oldText).length - 1;
        throw new Error(
          `oldText occurs ${count} times in ${path}; include more surrounding lines so it is unique.`,
        );
      }
      await writeFileAtomic(file, content.slice(0, first) + newText + content.slice(first + oldText.length));
      const line = content.slice(0, first).split("\n").length;
      return textResult(`Edited ${workspace.display(file)} at line ${line}.`);
    },
  };
}

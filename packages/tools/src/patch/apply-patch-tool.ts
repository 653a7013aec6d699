import { readFile, stat } from "node:fs/promises";
import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { commitFileChanges } from "../shared/commit-files.js";
import type { Workspace } from "../shared/workspace.js";
import { type Hunk, type PatchOperation, parsePatch } from "./parse-patch.js";

const ApplyPatchParams = Type.Object({
  input: Type.String({ minLength: 1, description: "The patch, from *** Begin Patch to *** End Patch." }),
});

/** `apply_patch`: validates every path and hunk first, then commits all files or none (staged + renamed). */
export function createApplyPatchTool(workspace: Workspace): TypedTool<typeof ApplyPatchParams> {
  return {
    name: "apply_patch",
    label: "Apply patch",
    description:
      "Apply a multi-file patch (*** Begin Patch / *** Add|Update|Delete File: … / *** End Patch).",
    parameters: ApplyPatchParams,
    async execute({ input }) {
      const ops = parsePatch(input);
      // Every operation is planned against the files as earlier operations left them, so two
      // sections touching one file compose; nothing is written until the whole patch applies.
      const pending = new Map<string, string | null>();
      const current = async (file: string): Promise<string | null> => {
        if (pending.has(file)) return pending.get(file) ?? null;
        return (await exists(file)) ? readFile(file, "utf8") : null;
      };
      const summary: string[] = [];
      for (const op of ops) await plan(op);
      await commitFileChanges(pending);
      return textResult(`Applied patch:\n${summary.join("\n")}`);

      async function plan(op: PatchOperation) {
        const file = await workspace.resolve(op.path);
        const before = await current(file);
        if (op.kind === "add") {
          if (before !== null) throw new Error(`Cannot add ${op.path}: it already exists (use Update File).`);
          pending.set(file, op.content);
          summary.push(`A ${op.path}`);
          return;
        }
        if (before === null) throw new Error(`Cannot ${op.kind} ${op.path}: file not found.`);
        if (op.kind === "delete") {
          pending.set(file, null);
          summary.push(`D ${op.path}`);
          return;
        }
        const updated = applyHunks(before, op.hunks, op.path);
        if (op.moveTo) {
          const target = await workspace.resolve(op.moveTo);
          if (target === file || (await current(target)) !== null)
            throw new Error(
              `Cannot move ${op.path} to ${op.moveTo}: it already exists. Delete it first or pick another name.`,
            );
          pending.set(target, updated);
          pending.set(file, null);
          summary.push(`R ${op.path} -> ${op.moveTo}`);
        } else {
          pending.set(file, updated);
          summary.push(`M ${op.path}`);
        }
      }
    },
  };
}

/** Applies hunks in order; each must match exactly (or ignoring trailing whitespace) once after the previous. */
export function applyHunks(original: string, hunks: Hunk[], path: string): string {
  // Patches arrive with LF; an all-CRLF file is matched and rewritten with CRLF so its line endings survive.
  const crlf = original.includes("\r\n") && !/(^|[^\r])\n/.test(original);
  const eol = crlf ? "\r\n" : "\n";
  const lines = original.split(eol);
  let cursor = 0;
  for (const [n, hunk] of hunks.entries()) {
    let from = cursor;
    let anchorAt = -1;
    if (hunk.anchor) {
      anchorAt = lines.findIndex((l, i) => i >= cursor && l.trim() === hunk.anchor?.trim());
      if (anchorAt !== -1) from = anchorAt;
    }
    // A hunk with only "+" lines goes after its anchor, or at the end of the file (before the final newline).
    const endOfFile = lines.at(-1) === "" ? lines.length - 1 : lines.length;
    const at =
      hunk.before.length > 0
        ? findBlock(lines, hunk.before, from)
        : anchorAt !== -1
          ? anchorAt + 1
          : endOfFile;
    if (at === -1) {
      const first = hunk.before[0] ?? "";
      throw new Error(
        `Hunk ${n + 1} does not apply to ${path}: could not find the lines starting with "${first.slice(0, 60)}". Read the file and retry with exact context.`,
      );
    }
    lines.splice(at, hunk.before.length, ...hunk.after);
    cursor = at + hunk.after.length;
  }
  return lines.join(eol);
}

function findBlock(lines: string[], block: string[], from: number): number {
  for (const loose of [false, true]) {
    for (let i = from; i + block.length <= lines.length; i++) {
      let ok = true;
      for (let j = 0; j < block.length && ok; j++) {
        const a = lines[i + j] as string;
        const b = block[j] as string;
        ok = loose ? a.trimEnd() === b.trimEnd() : a === b;
      }
      if (ok) return i;
    }
  }
  return -1;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

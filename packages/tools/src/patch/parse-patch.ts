/**
 * Parses the multi-file patch format:
 *
 *   *** Begin Patch
 *   *** Add File: path        (then every line starts with "+")
 *   *** Delete File: path
 *   *** Update File: path     (optionally "*** Move to: new/path", then hunks)
 *   @@ optional anchor line
 *    context  /  -removed  /  +added
 *   *** End Patch
 */
export type PatchOperation =
  | { kind: "add"; path: string; content: string }
  | { kind: "delete"; path: string }
  | { kind: "update"; path: string; moveTo?: string; hunks: Hunk[] };

export interface Hunk {
  anchor?: string;
  /** Lines the file must contain (context and removed), in order. */
  before: string[];
  /** Lines that replace them (context and added). */
  after: string[];
}

export class PatchSyntaxError extends Error {
  constructor(line: number, message: string) {
    super(`Patch line ${line}: ${message}`);
    this.name = "PatchSyntaxError";
  }
}

export function parsePatch(text: string): PatchOperation[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  while (lines.length && lines.at(-1)?.trim() === "") lines.pop();
  let i = 0;
  while (i < lines.length && lines[i]?.trim() === "") i++;
  if (lines[i]?.trim() !== "*** Begin Patch") throw new PatchSyntaxError(i + 1, 'expected "*** Begin Patch"');
  i++;
  const ops: PatchOperation[] = [];
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === "*** End Patch") return ops;
    const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line);
    if (!header) throw new PatchSyntaxError(i + 1, `expected a file header, got "${line.slice(0, 80)}"`);
    const path = (header[2] as string).trim();
    i++;
    if (header[1] === "Delete") {
      ops.push({ kind: "delete", path });
      continue;
    }
    if (header[1] === "Add") {
      const content: string[] = [];
      while (i < lines.length && !(lines[i] as string).startsWith("*** ")) {
        const l = lines[i] as string;
        if (!l.startsWith("+"))
          throw new PatchSyntaxError(i + 1, 'every line of an added file must start with "+"');
        content.push(l.slice(1));
        i++;
      }
      ops.push({ kind: "add", path, content: content.length ? `${content.join("\n")}\n` : "" });
      continue;
    }
    let moveTo: string | undefined;
    const move = /^\*\*\* Move to: (.+)$/.exec(lines[i] ?? "");
    if (move) {
      moveTo = (move[1] as string).trim();
      i++;
    }
    const hunks: Hunk[] = [];
    let hunk: Hunk | undefined;
    while (i < lines.length && !(lines[i] as string).startsWith("*** ")) {
      const l = lines[i] as string;
      if (l.startsWith("@@")) {
        hunk = { anchor: l.slice(2).trim() || undefined, before: [], after: [] };
        hunks.push(hunk);
      } else {
        if (!hunk) {
          hunk = { before: [], after: [] };
          hunks.push(hunk);
        }
        const mark = l[0] ?? " ";
        const body = l.slice(1);
        if (mark === " " || l === "") {
          hunk.before.push(body);
          hunk.after.push(body);
        } else if (mark === "-") hunk.before.push(body);
        else if (mark === "+") hunk.after.push(body);
        else
          throw new PatchSyntaxError(
            i + 1,
            `a hunk line must start with " ", "-" or "+", got "${l.slice(0, 40)}"`,
          );
      }
      i++;
    }
    if (hunks.length === 0 && !moveTo) throw new PatchSyntaxError(i, `update of ${path} has no hunks`);
    ops.push({ kind: "update", path, moveTo, hunks });
  }
  throw new PatchSyntaxError(lines.length, 'missing "*** End Patch"');
}

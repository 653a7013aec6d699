/**
 * A soft cap on lines per message (Discord's `maxLinesPerMessage`, 17 by default in OpenClaw):
 * a chunk taller than the cap is cut every `maxLines` lines; a code block cut in two is closed
 * and reopened with its opening fence so both halves render.
 */

const FENCE = /^\s*(```|~~~)/;

/**
 * @example
 * splitTallChunk("1\n2\n3\n4\n5", 2); // → ["1\n2", "3\n4", "5"]
 */
export function splitTallChunk(chunk: string, maxLines: number): string[] {
  const lines = chunk.split("\n");
  if (maxLines < 1 || lines.length <= maxLines) return [chunk];
  const pieces: string[] = [];
  let openFence: string | undefined;
  for (let start = 0; start < lines.length; start += maxLines) {
    const group = lines.slice(start, start + maxLines);
    const reopened = openFence;
    for (const line of group)
      if (FENCE.test(line)) openFence = openFence ? undefined : line.trim().slice(0, 24);
    const closing = openFence ? (FENCE.exec(openFence)?.[1] ?? "```") : undefined;
    const piece = [...(reopened ? [reopened] : []), ...group, ...(closing ? [closing] : [])].join("\n");
    if (piece.trim() !== "") pieces.push(piece);
  }
  return pieces;
}

/**
 * Splits reply text into blocks for channels that post completed blocks while streaming.
 * Prefers paragraph breaks, then newlines, then sentence ends, then spaces; never cuts inside a
 * fenced code block unless a single fence is larger than maxChars (then it is closed and
 * reopened so each block still renders).
 */
export interface BlockChunkOptions {
  minChars: number;
  maxChars: number;
}

export const DEFAULT_BLOCK_CHUNK: BlockChunkOptions = { minChars: 800, maxChars: 1200 };

export function chunkReplyText(text: string, options: BlockChunkOptions = DEFAULT_BLOCK_CHUNK): string[] {
  const max = Math.max(1, options.maxChars);
  const min = Math.min(Math.max(0, options.minChars), max);
  const blocks: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = findCut(rest, min, max);
    let head = rest.slice(0, cut);
    let tail = rest.slice(cut);
    const fence = openFence(head);
    if (fence !== undefined) {
      head = `${head.replace(/\s+$/, "")}\n\`\`\``;
      tail = `${fence}\n${tail.replace(/^\n/, "")}`;
    }
    blocks.push(head.replace(/\s+$/, ""));
    rest = tail.replace(/^\s+/, (ws) => (ws.includes("\n") && !tail.startsWith("```") ? "" : ws.trimStart()));
  }
  if (rest.trim() !== "") blocks.push(rest);
  return blocks;
}

function findCut(text: string, min: number, max: number): number {
  const window = text.slice(0, max);
  const candidates: RegExp[] = [/\n\s*\n/g, /\n/g, /[.!?。！？](\s|$)/g, /\s/g];
  for (const pattern of candidates) {
    let best = -1;
    for (const match of window.matchAll(pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      if (end >= min && end <= max && !openFence(window.slice(0, end))) best = end;
    }
    if (best > 0) return best;
  }
  for (const pattern of candidates) {
    let best = -1;
    for (const match of window.matchAll(pattern)) {
      const end = (match.index ?? 0) + match[0].length;
      if (end >= min && end <= max) best = end;
    }
    if (best > 0) return best;
  }
  return surrogateSafe(text, max);
}

/** Moves a cut back by one when it would split a surrogate pair (an emoji, a rare CJK char). */
function surrogateSafe(text: string, cut: number): number {
  const before = text.charCodeAt(cut - 1);
  return cut > 1 && before >= 0xd800 && before <= 0xdbff ? cut - 1 : cut;
}

/** The opening fence line if `text` ends inside a fenced code block. */
function openFence(text: string): string | undefined {
  let open: string | undefined;
  for (const line of text.split("\n")) {
    const match = /^\s*(```+|~~~+)(.*)$/.exec(line);
    if (!match) continue;
    if (open === undefined) open = line.trim();
    else if (line.trim().startsWith(open.match(/^(```+|~~~+)/)?.[1] ?? "```")) open = undefined;
  }
  return open;
}

/**
 * Markdown-aware line chunker. Lines are grouped into blocks (a heading with the block after it,
 * a whole code fence, a single line otherwise); blocks are packed into chunks of about
 * `tokens`, a chunk only ends between blocks, and consecutive chunks of one section share up to
 * `overlap` tokens of trailing lines. Oversized blocks fall back to line splits, and oversized
 * lines to fixed-size pieces that keep their line number.
 */
import { createHash } from "node:crypto";
import { type ChunkingOptions, DEFAULT_CHUNKING } from "../config.js";
import { estimateTokens } from "./tokens.js";

export interface MemoryChunk {
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  text: string;
  /** sha256 of the text: the key for incremental re-embedding. */
  hash: string;
}

interface Item {
  line: number;
  text: string;
  tokens: number;
  /** A chunk may end right before this item. */
  boundary: boolean;
  /** The item opens a section (a heading): no overlap is carried across it. */
  heading: boolean;
}

const FENCE = /^\s{0,3}(```|~~~)/;
const HEADING = /^\s{0,3}#{1,6}(\s|$)/;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Groups line indexes into blocks: [start, end) pairs. */
function blocksOf(lines: string[]): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  let i = 0;
  while (i < lines.length) {
    const start = i;
    if (HEADING.test(lines[i] ?? "")) {
      // keep the heading with what follows: skip blank lines, then take the next block too
      i++;
      while (i < lines.length && (lines[i] ?? "").trim() === "") i++;
      if (i < lines.length && !HEADING.test(lines[i] ?? "")) i = endOfBlock(lines, i);
    } else i = endOfBlock(lines, i);
    blocks.push([start, i]);
  }
  return blocks;
}

function endOfBlock(lines: string[], i: number): number {
  const fence = FENCE.exec(lines[i] ?? "");
  if (!fence) return i + 1;
  const marker = fence[1] ?? "```";
  for (let j = i + 1; j < lines.length; j++)
    if ((lines[j] ?? "").trimStart().startsWith(marker)) return j + 1;
  return lines.length; // unclosed fence runs to the end of the file
}

function itemsOf(lines: string[], maxTokens: number): Item[] {
  const items: Item[] = [];
  for (const [start, end] of blocksOf(lines)) {
    const blockTokens = lines.slice(start, end).reduce((n, l) => n + estimateTokens(`${l}\n`), 0);
    const splitLines = blockTokens > maxTokens;
    for (let i = start; i < end; i++) {
      const text = lines[i] ?? "";
      const boundary = i === start || splitLines;
      const heading = i === start && HEADING.test(text);
      const tokens = estimateTokens(`${text}\n`);
      if (tokens <= maxTokens) {
        items.push({ line: i + 1, text, tokens, boundary, heading });
        continue;
      }
      const step = Math.max(1, Math.floor((text.length * maxTokens) / tokens));
      for (let at = 0, end = 0; at < text.length; at = end) {
        end = at + step;
        // never cut between the two halves of a surrogate pair (emoji, rare CJK): a lone half is not text
        if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end++;
        const piece = text.slice(at, end);
        items.push({
          line: i + 1,
          text: piece,
          tokens: estimateTokens(piece),
          boundary: true,
          heading: heading && at === 0,
        });
      }
    }
  }
  return items;
}

function toChunk(items: Item[]): MemoryChunk | undefined {
  let text = "";
  let prevLine = -1;
  for (const item of items) {
    if (prevLine !== -1) text += item.line === prevLine ? "" : "\n";
    text += item.text;
    prevLine = item.line;
  }
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last || text.trim() === "") return undefined;
  return { startLine: first.line, endLine: last.line, text, hash: sha256(text) };
}

/** Trailing items worth at most `overlap` tokens, never the whole chunk. */
function overlapTail(items: Item[], overlap: number): Item[] {
  let tokens = 0;
  let from = items.length;
  while (from > 1) {
    const item = items[from - 1];
    if (!item || tokens + item.tokens > overlap) break;
    tokens += item.tokens;
    from--;
  }
  return items.slice(from).map((item) => ({ ...item, heading: false }));
}

/**
 * Splits markdown into overlapping chunks with 1-based line ranges.
 * @example chunkMarkdown("# Title\nSome text\n").map((c) => [c.startLine, c.endLine]) // [[1, 2]]
 */
export function chunkMarkdown(markdown: string, options: Partial<ChunkingOptions> = {}): MemoryChunk[] {
  const { tokens: maxTokens, overlap } = { ...DEFAULT_CHUNKING, ...options };
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const chunks: MemoryChunk[] = [];
  let current: Item[] = [];
  let currentTokens = 0;
  const emit = (items: Item[]) => {
    const chunk = toChunk(items);
    if (chunk) chunks.push(chunk);
  };
  for (const item of itemsOf(lines, maxTokens)) {
    if (current.length > 0 && currentTokens + item.tokens > maxTokens) {
      let cut = current.length;
      if (!item.boundary) {
        for (let i = current.length - 1; i > 0; i--)
          if (current[i]?.boundary) {
            cut = i;
            break;
          }
      }
      const done = current.slice(0, cut);
      const rest = current.slice(cut);
      emit(done);
      const opensSection = (rest[0] ?? item).heading;
      let tail = opensSection ? [] : overlapTail(done, overlap);
      const restTokens = rest.reduce((n, i) => n + i.tokens, 0);
      if (tail.reduce((n, i) => n + i.tokens, 0) + restTokens + item.tokens > maxTokens) tail = [];
      current = [...tail, ...rest];
      currentTokens = current.reduce((n, i) => n + i.tokens, 0);
    }
    current.push(item);
    currentTokens += item.tokens;
  }
  emit(current);
  return chunks;
}

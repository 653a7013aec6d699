/**
 * Markdown that grows while it streams. Completed blocks (text up to a blank line outside a code
 * fence) are frozen into their own cached `Markdown`; only the open tail is parsed again on each
 * delta, so the cost of a delta does not grow with the length of the answer.
 */
import { type Component, Markdown, type MarkdownTheme } from "@mariozechner/pi-tui";

const FENCE = /^\s{0,3}(```|~~~)/;
/** Lines that may continue the block above a blank line (list items, indented text, table rows). */
const CONTINUES = /^(\s|[-*+]\s|\d+[.)]\s|\|)/;

/**
 * Drops the spaces Markdown pads each line with: the renderer clears a line before writing it,
 * so padding only costs bytes on the wire.
 */
function trimPadding(line: string): string {
  return line.endsWith(" ") ? line.replace(/ +$/, "") : line;
}

export class StreamingMarkdown implements Component {
  private text = "";
  private frozenUpTo = 0;
  private scanFrom = 0;
  private inFence = false;
  private blankEnd = -1;
  private readonly chunks: Markdown[] = [];
  private readonly tail: Markdown;
  private frozenLines: string[] = [];
  private frozenRendered = 0;
  private frozenWidth = -1;

  constructor(private readonly theme: MarkdownTheme) {
    this.tail = new Markdown("", 1, 0, theme);
  }

  /** Replaces the text; an extension of the previous text only re-parses the open tail. */
  setText(text: string): void {
    if (text === this.text) return;
    if (text.length < this.text.length || !text.startsWith(this.text)) this.reset();
    this.text = text;
    this.scan();
    this.tail.setText(this.text.slice(this.frozenUpTo));
  }

  /** Number of frozen blocks (for tests and the benchmark). */
  get frozenBlocks(): number {
    return this.chunks.length;
  }

  invalidate(): void {
    for (const chunk of this.chunks) chunk.invalidate();
    this.tail.invalidate();
    this.frozenWidth = -1;
  }

  render(width: number): string[] {
    if (width !== this.frozenWidth) {
      this.frozenLines = [];
      this.frozenRendered = 0;
      this.frozenWidth = width;
    }
    for (; this.frozenRendered < this.chunks.length; this.frozenRendered++) {
      const lines = (this.chunks[this.frozenRendered] as Markdown).render(width);
      for (const line of lines) this.frozenLines.push(trimPadding(line));
      // A block renders its trailing gap only when it sees the next block; a frozen one never does.
      const last = this.frozenLines[this.frozenLines.length - 1];
      if (last !== undefined && last.trim() !== "") this.frozenLines.push("");
    }
    const tail = this.tail.render(width);
    return tail.length === 0 ? this.frozenLines : this.frozenLines.concat(tail.map(trimPadding));
  }

  private reset(): void {
    this.text = "";
    this.frozenUpTo = 0;
    this.scanFrom = 0;
    this.inFence = false;
    this.blankEnd = -1;
    this.chunks.length = 0;
    this.frozenLines = [];
    this.frozenRendered = 0;
  }

  /** Walks the complete lines not seen yet and freezes at safe block boundaries. */
  private scan(): void {
    const text = this.text;
    for (let nl = text.indexOf("\n", this.scanFrom); nl >= 0; nl = text.indexOf("\n", this.scanFrom)) {
      const lineStart = this.scanFrom;
      const line = text.slice(lineStart, nl);
      this.scanFrom = nl + 1;
      if (FENCE.test(line)) {
        this.inFence = !this.inFence;
        if (this.inFence && this.blankEnd === lineStart) this.freeze(lineStart);
        this.blankEnd = -1;
        continue;
      }
      if (this.inFence) continue;
      if (line.trim() === "") {
        this.blankEnd = nl + 1;
        continue;
      }
      const afterBlank = this.blankEnd === lineStart;
      if (afterBlank && !CONTINUES.test(line)) this.freeze(lineStart);
      this.blankEnd = -1;
    }
  }

  private freeze(upTo: number): void {
    if (upTo <= this.frozenUpTo) return;
    this.chunks.push(new Markdown(this.text.slice(this.frozenUpTo, upTo), 1, 0, this.theme));
    this.frozenUpTo = upTo;
  }
}

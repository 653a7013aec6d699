/**
 * A pi-tui `Terminal` backed by @xterm/headless: the TUI writes real escape sequences into a real
 * terminal emulator, and tests read back what the screen shows. Input is typed as raw bytes.
 */
import type { Terminal } from "@mariozechner/pi-tui";
import xterm from "@xterm/headless";

export class EmulatedTerminal implements Terminal {
  readonly xterm: xterm.Terminal;
  /** Every byte the TUI wrote. */
  bytes = 0;
  written = "";
  private onInput?: (data: string) => void;
  private onResize?: () => void;

  constructor(cols = 80, rows = 24) {
    this.xterm = new xterm.Terminal({ cols, rows, scrollback: 10_000, allowProposedApi: true });
  }

  start(onInput: (data: string) => void, onResize: () => void): void {
    this.onInput = onInput;
    this.onResize = onResize;
  }
  stop(): void {}
  async drainInput(): Promise<void> {}
  write(data: string): void {
    this.bytes += Buffer.byteLength(data);
    if (this.written.length < 2_000_000) this.written += data;
    this.xterm.write(data);
  }
  get columns(): number {
    return this.xterm.cols;
  }
  get rows(): number {
    return this.xterm.rows;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(lines: number): void {
    if (lines > 0) this.write(`\x1b[${lines}B`);
    else if (lines < 0) this.write(`\x1b[${-lines}A`);
  }
  hideCursor(): void {
    this.write("\x1b[?25l");
  }
  showCursor(): void {
    this.write("\x1b[?25h");
  }
  clearLine(): void {
    this.write("\x1b[K");
  }
  clearFromCursor(): void {
    this.write("\x1b[J");
  }
  clearScreen(): void {
    this.write("\x1b[2J\x1b[H");
  }
  setTitle(): void {}
  setProgress(): void {}

  /** Types raw input (keys, text, bracketed paste) as a terminal would send it. */
  type(data: string): void {
    this.onInput?.(data);
  }

  /** Types text one key at a time, then optionally Enter. */
  typeText(text: string, enter = false): void {
    for (const ch of text) this.type(ch);
    if (enter) this.type("\r");
  }

  resize(cols: number, rows: number): void {
    this.xterm.resize(cols, rows);
    this.onResize?.();
  }

  /** Waits until the emulator has parsed everything written so far. */
  flush(): Promise<void> {
    return new Promise((resolve) => this.xterm.write("", resolve));
  }

  /** The visible screen, one string per row, trailing spaces trimmed. */
  screen(): string[] {
    const buffer = this.xterm.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < this.xterm.rows; y++)
      rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? "");
    return rows;
  }

  /** Scrollback plus screen. */
  allText(): string {
    const buffer = this.xterm.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < buffer.length; y++) rows.push(buffer.getLine(y)?.translateToString(true) ?? "");
    return rows.join("\n");
  }

  /** Waits until the output written since `mark` (a `written.length`) contains `text`. */
  async waitForOutput(text: string, mark: number, timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.written.slice(mark).includes(text)) {
      if (Date.now() > deadline) throw new Error(`output never contained ${JSON.stringify(text)}`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  /** Polls the screen until `test` passes; fails with the screen text after `timeoutMs`. */
  async waitFor(test: RegExp | ((screen: string) => boolean), timeoutMs = 8000): Promise<string> {
    const check = typeof test === "function" ? test : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.flush();
      const screen = this.screen().join("\n");
      if (check(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`screen never matched ${String(test)}:\n${screen}`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}

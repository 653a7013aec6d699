/**
 * A message the person sent, marked with `›` and wrapped to the width. A transcript may hold text
 * from other senders (a shared channel session), so it is sanitised too.
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { type Component, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import type { Theme } from "../theme/theme.js";

export class UserMessage implements Component {
  private cache?: { width: number; lines: string[] };

  constructor(
    private readonly text: string,
    private readonly theme: Theme,
  ) {
    this.text = sanitizeTerminalText(text);
  }

  invalidate(): void {
    this.cache = undefined;
  }

  render(width: number): string[] {
    if (this.cache?.width === width) return this.cache.lines;
    const wrapped = wrapTextWithAnsi(this.text, Math.max(1, width - 2));
    const lines = [""].concat(
      wrapped.map(
        (line, i) => (i === 0 ? this.theme.user(this.theme.bold("› ")) : "  ") + this.theme.user(line),
      ),
    );
    this.cache = { width, lines };
    return lines;
  }
}

/**
 * An inline notice: errors, failover switches, "stopped", command replies. Errors quote the gateway
 * and providers, so the text is sanitised before it is styled.
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { type Component, truncateToWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import type { NoticeItem } from "../state/types.js";
import type { Theme } from "../theme/theme.js";

const ICONS = { info: "ℹ", warn: "⚠", error: "✗" } as const;

export class Notice implements Component {
  private cache?: { width: number; lines: string[] };

  constructor(
    private readonly item: NoticeItem,
    private readonly theme: Theme,
  ) {}

  invalidate(): void {
    this.cache = undefined;
  }

  render(width: number): string[] {
    if (this.cache?.width === width) return this.cache.lines;
    const style =
      this.item.level === "error"
        ? this.theme.error
        : this.item.level === "warn"
          ? this.theme.warning
          : this.theme.muted;
    const wrapped = wrapTextWithAnsi(sanitizeTerminalText(this.item.text), Math.max(1, width - 3));
    const lines = wrapped.map((line, i) =>
      truncateToWidth(style(`${i === 0 ? ` ${ICONS[this.item.level]} ` : "   "}${line}`), width),
    );
    this.cache = { width, lines };
    return lines;
  }
}

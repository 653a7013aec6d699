/** The model's thinking: one dim line when collapsed, the full text when expanded (Ctrl+T). */
import { type Component, truncateToWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import type { Theme } from "../theme/theme.js";

export class ThinkingBlock implements Component {
  private text = "";
  private expanded = false;
  private cache?: { width: number; lines: string[] };

  constructor(private readonly theme: Theme) {}

  set(text: string, expanded: boolean): void {
    if (text === this.text && expanded === this.expanded) return;
    this.text = text;
    this.expanded = expanded;
    this.cache = undefined;
  }

  invalidate(): void {
    this.cache = undefined;
  }

  render(width: number): string[] {
    if (!this.text.trim()) return [];
    if (this.cache?.width === width) return this.cache.lines;
    const words = this.text.trim().split(/\s+/).length;
    const marker = this.expanded ? "▾" : "▸";
    const head = truncateToWidth(this.theme.muted(` ${marker} thinking · ${words} words (Ctrl+T)`), width);
    const lines = [head];
    if (this.expanded)
      for (const line of wrapTextWithAnsi(this.text.trim(), Math.max(1, width - 4)))
        lines.push(`   ${this.theme.dim(line)}`);
    this.cache = { width, lines };
    return lines;
  }
}

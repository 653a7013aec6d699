/**
 * A tool call as a compact card: name, key arguments, status and duration on one line; the result
 * below it when tool output is expanded (Ctrl+O). Name, arguments and result are model or tool
 * text: sanitised before they are styled.
 */
import { createStreamingSanitizer, sanitizeTerminalText } from "@claw/client/terminal-text";
import { type Component, truncateToWidth, visibleWidth, wrapTextWithAnsi } from "@mariozechner/pi-tui";
import { formatDuration, summarizeArgs } from "../state/format.js";
import type { ToolItem } from "../state/types.js";
import type { Theme } from "../theme/theme.js";

/** Result lines shown when expanded; the rest is summarised as "… N more lines". */
const MAX_RESULT_LINES = 12;

export class ToolCard implements Component {
  private item?: ToolItem;
  private expanded = false;
  private cache?: { width: number; lines: string[] };
  /** Results grow while a tool streams its output. */
  private readonly safeResult = createStreamingSanitizer();

  constructor(private readonly theme: Theme) {}

  update(item: ToolItem, expanded: boolean): void {
    if (item === this.item && expanded === this.expanded) return;
    this.item = item;
    this.expanded = expanded;
    this.cache = undefined;
  }

  invalidate(): void {
    this.cache = undefined;
  }

  render(width: number): string[] {
    const item = this.item;
    if (!item) return [];
    if (this.cache?.width === width) return this.cache.lines;
    const t = this.theme;
    const status =
      item.status === "running"
        ? t.warning("… running")
        : item.status === "ok"
          ? t.success(`✓ ${item.durationMs === undefined ? "" : formatDuration(item.durationMs)}`.trim())
          : t.error(`✗ ${item.durationMs === undefined ? "failed" : formatDuration(item.durationMs)}`);
    const head = ` ${t.accent("⚙")} ${t.bold(sanitizeTerminalText(item.name))}`;
    const room = Math.max(0, width - visibleWidth(head) - visibleWidth(status) - 3);
    const args = room > 3 ? ` ${t.muted(summarizeArgs(item.args, room))}` : "";
    const gap = Math.max(1, width - visibleWidth(head + args) - visibleWidth(status) - 1);
    const lines = [truncateToWidth(`${head}${args}${" ".repeat(gap)}${status}`, width)];
    if (this.expanded && item.result) lines.push(...this.resultLines(this.safeResult(item.result), width));
    this.cache = { width, lines };
    return lines;
  }

  private resultLines(result: string, width: number): string[] {
    const raw = result.replace(/\s+$/, "").split("\n");
    const shown = raw.slice(0, MAX_RESULT_LINES);
    const out: string[] = [];
    for (const line of shown)
      for (const part of wrapTextWithAnsi(line, Math.max(1, width - 5)))
        out.push(`   ${this.theme.muted("│")} ${this.theme.dim(part)}`);
    if (raw.length > shown.length)
      out.push(`   ${this.theme.muted(`│ … ${raw.length - shown.length} more lines`)}`);
    return out;
  }
}

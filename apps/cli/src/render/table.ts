/** Plain aligned columns for terminal listings (no box drawing, so output pipes cleanly). */
import { sanitizeTerminalText, terminalSafeJson } from "@claw/client/terminal-text";

/**
 * @example
 * renderTable(["KEY", "MODEL"], [["agent:main:main", "faux/faux-1"]]);
 * // "KEY              MODEL\nagent:main:main  faux/faux-1\n"
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[line(headers), ...rows.map(line)].join("\n")}\n`;
}

/**
 * Table rows of text a model, a tool, a gateway or a chat sender controls, with terminal controls
 * made visible. Rows that carry our own styling (coloured cells) must not go through it.
 *
 * @example
 * renderTable(["KEY", "LABEL"], untrustedRows(sessions.map((s) => [s.key, s.label ?? ""])));
 */
export function untrustedRows(rows: readonly (readonly string[])[]): string[][] {
  return rows.map((row) => row.map(sanitizeTerminalText));
}

/**
 * `{"a": 1}` pretty-printed with a trailing newline, for `--json`; C1 and bidi controls in strings
 * are written as `\u` escapes (same value), so JSON read on a terminal cannot drive it either.
 */
export function toJson(value: unknown): string {
  return `${terminalSafeJson(JSON.stringify(value, null, 2))}\n`;
}

/** "3s ago", "5m ago", "2h ago", "4d ago". */
export function ago(timestamp: number | null | undefined, now = Date.now()): string {
  if (timestamp === null || timestamp === undefined) return "-";
  const seconds = Math.max(0, Math.round((now - timestamp) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)}h ago`;
  return `${Math.round(seconds / 86_400)}d ago`;
}

/** "in 4m 10s" for a future timestamp. */
export function until(timestamp: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((timestamp - now) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

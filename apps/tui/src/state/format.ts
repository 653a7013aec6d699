/** Small pure formatters shared by the footer, tool cards and notices. */
import { sanitizeTerminalText } from "@claw/client/terminal-text";

/** 950 → "950", 12_345 → "12.3k", 1_250_000 → "1.25M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}

/** 420 → "420ms", 1234 → "1.2s", 75_000 → "1m15s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`;
}

/** USD with enough digits to show small sessions: 0.0042 → "$0.0042" (one owner: @claw/providers). */
export { formatCostUsd as formatCost } from "@claw/providers";

/** The arguments a person wants to see first on a tool card, in order of preference. */
const KEY_ARGS = ["path", "file_path", "command", "cmd", "pattern", "query", "url", "name"] as const;

/** One-line summary of tool arguments: key arguments first, values shortened, controls made visible. */
export function summarizeArgs(args: Record<string, unknown>, max = 60): string {
  const keys = Object.keys(args);
  const ordered = [
    ...KEY_ARGS.filter((k) => keys.includes(k)),
    ...keys.filter((k) => !(KEY_ARGS as readonly string[]).includes(k)),
  ];
  const parts: string[] = [];
  for (const key of ordered) {
    const value = args[key];
    const text = typeof value === "string" ? value : JSON.stringify(value);
    parts.push(`${sanitizeTerminalText(key)}=${oneLine(sanitizeTerminalText(text ?? ""), 40)}`);
  }
  return oneLine(parts.join(" "), max);
}

/** Collapses whitespace and cuts with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, Math.max(0, max - 1))}…` : flat;
}

/** Text of a tool result as the gateway sends it (string, content blocks, or anything else). */
export function resultText(result: unknown): string {
  if (result === undefined || result === null) return "";
  if (typeof result === "string") return result;
  if (Array.isArray(result))
    return result
      .map((block) =>
        typeof block === "object" && block && "text" in block ? String(block.text) : JSON.stringify(block),
      )
      .join("\n");
  if (typeof result === "object" && "content" in result) return resultText(result.content);
  if (typeof result === "object" && "text" in result) return String(result.text);
  return JSON.stringify(result, null, 2);
}

/**
 * Incremental parsing of streamed tool-call arguments. Providers send arguments as JSON text in
 * fragments; consumers want a best-effort object after every fragment.
 */
import { parse as parsePartial } from "partial-json";

/**
 * Parses possibly-incomplete JSON object text; returns `{}` when nothing usable is there yet.
 *
 * @example
 * parseToolArguments('{"city": "Par'); // { city: "Par" }
 */
export function parseToolArguments(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  try {
    return asObject(JSON.parse(text));
  } catch {
    try {
      return asObject(parsePartial(text));
    } catch {
      return {};
    }
  }
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * JSON text made inert on a terminal without changing its value: `JSON.stringify` escapes C0
 * controls but writes DEL, the C1 controls (an 8-bit CSI or OSC) and the bidi controls raw.
 */

const UNSAFE_IN_JSON =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this module's job.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The JSON text with every terminal control written as a `\uXXXX` escape. Inside a string that
 * is the same value; between tokens JSON allows no such character, so a valid document parses to
 * exactly what it did. `\n`, `\t` and `\r` are JSON whitespace and are kept (inside a string
 * `JSON.stringify` has escaped them already).
 *
 * @example
 * terminalSafeJson(JSON.stringify({ text: "a\u009b2J" })); // '{"text":"a\\u009b2J"}'
 */
export function terminalSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

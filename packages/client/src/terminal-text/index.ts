/**
 * @claw/client/terminal-text — makes text that a model, a tool, a chat sender or a web page
 * controls safe to write to a terminal: every escape sequence, C0/C1 control, DEL and bidi
 * control becomes a visible, inert stand-in (`␛`, `␇`, `⟨U+009B⟩`). No dependencies, no Node
 * imports, nothing else of `@claw/client` loaded: cheap enough for a CLI's start-up path.
 *
 * @example
 * import { sanitizeTerminalText } from "@claw/client/terminal-text";
 * process.stdout.write(sanitizeTerminalText(modelReply)); // "hi\x1b]0;pwned\x07" → "hi␛]0;pwned␇"
 */

// For tests of any terminal surface: hostile strings and the text each must still show.
export { HOSTILE_TERMINAL_TEXT, type HostileTerminalText } from "./corpus.js";
// JSON for a terminal: the same value, controls written as \u escapes.
export { terminalSafeJson } from "./json.js";
// Commonly used: one string in, one safe string out.
export { isTerminalSafe, sanitizeTerminalText } from "./sanitize.js";
// Streaming: a growing text, or deltas written as they come, sanitised in linear time overall.
export {
  createDeltaSanitizer,
  createStreamingSanitizer,
  type DeltaSanitizer,
  type StreamingSanitizer,
} from "./streaming.js";

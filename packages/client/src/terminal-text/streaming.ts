/** Sanitising a text that grows while it streams, in linear time overall. */
import { CR, sanitizeTerminalText } from "./sanitize.js";

/** A sanitiser that remembers its last input: `sanitizeTerminalText(raw)`, for text that grows. */
export type StreamingSanitizer = (raw: string) => string;

/**
 * A sanitiser for a text that grows delta by delta (a streamed answer, a tool's output): when the
 * new text extends the previous one, only the appended part is scanned, so a long answer costs
 * linear time overall. Any other text is sanitised whole. The result always equals
 * `sanitizeTerminalText(raw)`.
 *
 * @example
 * const safe = createStreamingSanitizer();
 * safe("hello \x1b[");     // → "hello ␛["
 * safe("hello \x1b[2J");   // → "hello ␛[2J" (only "2J" was scanned)
 */
export function createStreamingSanitizer(): StreamingSanitizer {
  let lastRaw = "";
  let lastSafe = "";
  /** `lastSafe` is `lastRaw` itself (nothing needed replacing). */
  let clean = true;
  return (raw) => {
    if (raw === lastRaw) return lastSafe;
    let safe: string;
    // `slice ===` compares flat strings as memory; `startsWith` is many times slower in V8.
    if (lastRaw !== "" && raw.length > lastRaw.length && raw.slice(0, lastRaw.length) === lastRaw) {
      // A trailing lone `\r` may become half of `\r\n`: redo it with what follows.
      const redo = lastRaw.charCodeAt(lastRaw.length - 1) === CR ? 1 : 0;
      const rawTail = raw.slice(lastRaw.length - redo);
      const tail = sanitizeTerminalText(rawTail);
      // Clean so far: hand back the caller's own string, so its next prefix check stays cheap.
      clean = clean && tail === rawTail;
      safe = clean ? raw : (redo === 0 ? lastSafe : lastSafe.slice(0, -1)) + tail;
    } else {
      safe = sanitizeTerminalText(raw);
      clean = safe === raw;
    }
    lastRaw = raw;
    lastSafe = safe;
    return safe;
  };
}

/** A sanitiser for deltas written straight to a terminal, which cannot take back what it wrote. */
export interface DeltaSanitizer {
  /** The safe text to write for this delta (a trailing `\r` is held until the next delta). */
  push(delta: string): string;
  /** What is still held (a final lone `\r` as `␍`); call once the stream ends. */
  end(): string;
}

/**
 * Sanitises a stream of deltas for direct writing: the concatenation of every `push` and the
 * final `end` equals `sanitizeTerminalText` of the concatenated deltas.
 *
 * @example
 * const safe = createDeltaSanitizer();
 * stdout.write(safe.push("50%\r")); // "50%" (the \r waits: it may be half of \r\n)
 * stdout.write(safe.push("\nok"));  // "\nok"
 * stdout.write(safe.end());         // ""
 */
export function createDeltaSanitizer(): DeltaSanitizer {
  let held = "";
  return {
    push(delta) {
      const text = held + delta;
      const hold = text.charCodeAt(text.length - 1) === CR;
      held = hold ? "\r" : "";
      return sanitizeTerminalText(hold ? text.slice(0, -1) : text);
    },
    end() {
      const rest = held;
      held = "";
      return sanitizeTerminalText(rest);
    },
  };
}

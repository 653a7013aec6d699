import { describe, expect, it } from "vitest";
import {
  createDeltaSanitizer,
  createStreamingSanitizer,
  HOSTILE_TERMINAL_TEXT,
  isTerminalSafe,
  sanitizeTerminalText,
  terminalSafeJson,
} from "../src/terminal-text/index.js";

/** Any code unit a terminal acts on, the sanitiser's promise stated independently of its regex. */
function actionable(text: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const c0 = c < 0x20 && c !== 0x09 && c !== 0x0a;
    const c1 = c >= 0x7f && c <= 0x9f;
    const bidi =
      c === 0x061c ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069);
    if (c0 || c1 || bidi) found.push(`U+${c.toString(16).padStart(4, "0")}@${i}`);
  }
  return found;
}

describe("sanitizeTerminalText on the hostile corpus", () => {
  it("has at least 40 strings, each carrying something a terminal would act on", () => {
    expect(HOSTILE_TERMINAL_TEXT.length).toBeGreaterThanOrEqual(40);
    for (const { name, text } of HOSTILE_TERMINAL_TEXT) expect(actionable(text), name).not.toEqual([]);
  });

  it.each(HOSTILE_TERMINAL_TEXT.map((c) => [c.name, c] as const))(
    "%s: nothing survives, the words do",
    (_, c) => {
      const safe = sanitizeTerminalText(c.text);
      expect(actionable(safe)).toEqual([]);
      expect(isTerminalSafe(safe)).toBe(true);
      for (const word of c.visible) expect(safe).toContain(word);
      // Idempotent: sanitising twice changes nothing, so a second layer cannot garble text.
      expect(sanitizeTerminalText(safe)).toBe(safe);
    },
  );

  it("keeps every printable character of the input, in order (only controls are replaced)", () => {
    for (const { name, text } of HOSTILE_TERMINAL_TEXT) {
      const printable = [...text.replace(/\r\n/g, "\n")].filter((ch) => actionable(ch).length === 0).join("");
      const withoutStandIns = sanitizeTerminalText(text).replace(/⟨U\+[0-9A-F]{4}⟩|[\u2400-\u2421]/g, "");
      expect(withoutStandIns, name).toBe(printable);
    }
  });
});

describe("sanitizeTerminalText stand-ins", () => {
  it.each([
    ["ESC", "\u001b[2J", "␛[2J"],
    ["BEL", "a\u0007", "a␇"],
    ["NUL", "\u0000", "␀"],
    ["backspace", "x\by", "x␈y"],
    ["DEL", "\u007f", "␡"],
    ["8-bit CSI", "\u009b2J", "⟨U+009B⟩2J"],
    ["8-bit OSC", "\u009d0;t\u009c", "⟨U+009D⟩0;t⟨U+009C⟩"],
    ["RLO", "abc\u202edef", "abc⟨U+202E⟩def"],
    ["LRI/PDI", "\u2066x\u2069", "⟨U+2066⟩x⟨U+2069⟩"],
    ["ALM", "\u061c", "⟨U+061C⟩"],
    ["CRLF becomes LF", "a\r\nb\r\n", "a\nb\n"],
    ["lone CR is shown", "50%\r100%", "50%␍100%"],
    ["CR at the end", "done\r", "done␍"],
    ["CR CR LF", "a\r\r\nb", "a␍\nb"],
    ["tab and newline kept", "a\tb\nc", "a\tb\nc"],
  ])("%s", (_, input, expected) => {
    expect(sanitizeTerminalText(input)).toBe(expected);
  });

  it("returns text without controls unchanged (the same string)", () => {
    const text = "plain text, 你好, 🎉, ⟨U+0041⟩ and ␛ as written";
    expect(sanitizeTerminalText(text)).toBe(text);
    expect(isTerminalSafe(text)).toBe(true);
  });

  it("does not swallow the text after an unterminated sequence, however long", () => {
    const tail = "x".repeat(100_000);
    const safe = sanitizeTerminalText(`\u001b]0;${tail}`);
    expect(safe).toBe(`␛]0;${tail}`);
  });

  it("handles a large input of nothing but controls (one stand-in per code unit)", () => {
    const text = "\u001b\u009b\u202e\u0007".repeat(50_000);
    const safe = sanitizeTerminalText(text);
    expect(actionable(safe)).toEqual([]);
    expect(safe.length).toBe(50_000 * ("␛".length + "⟨U+009B⟩".length + "⟨U+202E⟩".length + "␇".length));
  });
});

describe("createStreamingSanitizer", () => {
  it("equals the whole-text result at every prefix, whatever the delta size", () => {
    const text = HOSTILE_TERMINAL_TEXT.map((c) => c.text).join("\r\n");
    for (const step of [1, 2, 7, 64]) {
      const safe = createStreamingSanitizer();
      for (let end = step; end < text.length + step; end += step) {
        const prefix = text.slice(0, end);
        expect(safe(prefix)).toBe(sanitizeTerminalText(prefix));
      }
    }
  });

  it("joins a CR that ends one delta with the LF that starts the next", () => {
    const safe = createStreamingSanitizer();
    expect(safe("line\r")).toBe("line␍");
    expect(safe("line\r\nnext")).toBe("line\nnext");
  });

  it("sanitises a replaced (non-extending) text whole", () => {
    const safe = createStreamingSanitizer();
    safe("first \u001b[2J");
    expect(safe("second \u0007")).toBe("second ␇");
    expect(safe("")).toBe("");
  });
});

describe("createDeltaSanitizer", () => {
  it("writes, delta by delta, exactly what the whole text sanitises to", () => {
    const text = HOSTILE_TERMINAL_TEXT.map((c) => c.text).join("\r\n");
    for (const step of [1, 3, 50]) {
      const safe = createDeltaSanitizer();
      let written = "";
      for (let i = 0; i < text.length; i += step) {
        const out = safe.push(text.slice(i, i + step));
        expect(actionable(out)).toEqual([]);
        written += out;
      }
      expect(written + safe.end()).toBe(sanitizeTerminalText(text));
    }
  });

  it("holds a trailing CR until it knows whether LF follows", () => {
    const safe = createDeltaSanitizer();
    expect(safe.push("50%\r")).toBe("50%");
    expect(safe.push("\r")).toBe("␍");
    expect(safe.push("\nok\r")).toBe("\nok");
    expect(safe.end()).toBe("␍");
    expect(safe.end()).toBe("");
  });
});

describe("terminalSafeJson", () => {
  it("writes C1, DEL and bidi controls as escapes: the same value, nothing a terminal acts on", () => {
    const value = { corpus: HOSTILE_TERMINAL_TEXT, "key\u009b": "\u007f\u202e" };
    for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const safe = terminalSafeJson(json);
      expect(actionable(safe)).toEqual([]);
      expect(JSON.parse(safe)).toEqual(value);
    }
    expect(terminalSafeJson(JSON.stringify("a\u009b2J"))).toBe('"a\\u009b2J"');
  });
});

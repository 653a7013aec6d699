/**
 * The terminal sanitiser's cost on 1 MB of text: clean text (the common case, one regex scan),
 * text with a control every 100 characters, and nothing but controls; and a 100 kB answer
 * streamed in 40-character deltas, sanitised incrementally versus whole on every delta. The
 * baseline is `toLowerCase` over the same megabyte: one linear pass that copies the text.
 */
import { suite } from "@claw/bench-harness";
import { createStreamingSanitizer, sanitizeTerminalText } from "../src/terminal-text/index.js";

const MB = 1 << 20;
const clean = "The quick brown fox jumps over the lazy dog. 你好 🎉 ".repeat(MB / 50).slice(0, MB);
const sprinkled = clean.replace(/(.{99})./gsu, "$1\u001b");
const controls = "\u001b\u009b\u202e\u0007".repeat(MB / 4);
const answer = clean.slice(0, 100_000).replace(/(.{499})./gsu, "$1\u001b");

function streamWhole(): number {
  let n = 0;
  for (let end = 40; end < answer.length + 40; end += 40)
    n += sanitizeTerminalText(answer.slice(0, end)).length;
  return n;
}

function streamIncremental(): number {
  const safe = createStreamingSanitizer();
  let n = 0;
  for (let end = 40; end < answer.length + 40; end += 40) n += safe(answer.slice(0, end)).length;
  return n;
}

await suite("terminal-text (1 MB)", {
  baseline: { name: "toLowerCase (one copying pass)", fn: () => clean.toLowerCase() },
  cases: [
    { name: "clean text (returned as is)", fn: () => sanitizeTerminalText(clean), target: { maxRatio: 2 } },
    {
      name: "a control every 100 chars",
      fn: () => sanitizeTerminalText(sprinkled),
      target: { maxRatio: 10 },
    },
    { name: "only controls", fn: () => sanitizeTerminalText(controls), target: { maxRatio: 200 } },
  ],
  minSamples: 10,
});

await suite("terminal-text streaming (100 kB in 40-char deltas)", {
  baseline: { name: "sanitise the whole text on every delta", fn: streamWhole },
  cases: [{ name: "createStreamingSanitizer", fn: streamIncremental, target: { maxRatio: 0.2 } }],
  minSamples: 5,
});

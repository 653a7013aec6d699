/**
 * The print helpers other commands share, fed the hostile corpus: tables of gateway rows
 * (sessions, approvals, pairing, channels), cron run tables and gateway log lines keep our own
 * styling and show everything else inert.
 */
import { HOSTILE_TERMINAL_TEXT } from "@claw/client/terminal-text";
import { describe, expect, it } from "vitest";
import { runTable } from "../src/commands/cron/render.js";
import { formatLogLine } from "../src/commands/gateway/logs.js";
import { createStyle } from "../src/io.js";
import { renderTable, toJson, untrustedRows } from "../src/render/table.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own escape codes.
const OWN_STYLE = /\u001b\[(?:1|2|22|31|32|33|39)m/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the test.
const ACTIONABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const colour = createStyle({ stdout() {}, stderr() {}, env: {}, homeDir: "/", isTTY: true }, false);

describe.each(HOSTILE_TERMINAL_TEXT.map((c) => [c.name, c] as const))("%s", (_, c) => {
  it("a table of untrusted rows shows it inert", () => {
    const out = renderTable(["KEY", "LABEL"], untrustedRows([["agent:main:main", c.text]]));
    expect(out).not.toMatch(ACTIONABLE);
    for (const word of c.visible) expect(out).toContain(word);
  });

  it("a cron run's summary and job name are shown inert", () => {
    const out = runTable([
      { ts: 0, jobId: "j1", action: "finished", status: "error", error: c.text, jobName: c.text },
    ]);
    expect(out).not.toMatch(ACTIONABLE);
  });

  it("a gateway log line keeps its colours and shows the message inert", () => {
    const line = JSON.stringify({ ts: "2026-01-01T00:00:00Z", level: "error", msg: c.text, detail: c.text });
    const out = formatLogLine(line, colour);
    expect(out).toMatch(OWN_STYLE);
    expect(out.replace(OWN_STYLE, "")).not.toMatch(ACTIONABLE);
    expect(formatLogLine(c.text, colour)).not.toMatch(ACTIONABLE);
  });

  it("--json keeps the value and shows nothing a terminal acts on", () => {
    const out = toJson({ text: c.text });
    expect(out).not.toMatch(ACTIONABLE);
    expect(JSON.parse(out)).toEqual({ text: c.text });
  });
});

/**
 * The TUI driven like a person would: keys into a headless xterm, a real gateway with a faux
 * model behind it, assertions on what the emulated screen shows.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runTui, type TuiHandle } from "../src/index.js";
import { EmulatedTerminal } from "./helpers/emulated-terminal.js";
import { startTestGateway, type TestGateway } from "./helpers/gateway.js";

const open: { tui?: TuiHandle; gw?: TestGateway }[] = [];
afterEach(async () => {
  for (const { tui, gw } of open.splice(0)) {
    await tui?.stop();
    await gw?.close();
  }
});

async function setup(
  script: Parameters<typeof startTestGateway>[0],
  options: { cols?: number; rows?: number; color?: boolean } = {},
) {
  const gw = await startTestGateway(script);
  const term = new EmulatedTerminal(options.cols ?? 80, options.rows ?? 24);
  const tui = await runTui({
    url: gw.claw.url,
    token: gw.claw.token,
    stateDir: gw.stateDir,
    terminal: term,
    color: options.color ?? true,
    reconnectDelayMs: { initial: 30, max: 200 },
  });
  open.push({ tui, gw });
  await term.waitFor(/● connected/);
  return { gw, term, tui };
}

const ANSWER = [
  "Here is **the plan**:",
  "",
  "1. read the file",
  "2. fix the bug",
  "",
  "```ts",
  "const answer = 42;",
  "```",
  "",
  "| tool | use |",
  "|------|-----|",
  "| read | look |",
  "",
  "Done.",
].join("\n");

describe("claw tui in a terminal", () => {
  it("streams a markdown answer with code, list and table, and shows the footer", async () => {
    const { term } = await setup([{ text: ANSWER, chunkDelayMs: 2 }]);
    await term.waitFor(/main · faux\/faux-1 · think default · ctx 0\/128k \(0%\)/);
    term.typeText("make a plan", true);
    const screen = await term.waitFor(/Done\./);
    expect(screen).toContain("› make a plan");
    expect(screen).toContain("Here is the plan:");
    expect(screen).toMatch(/1\. read the file/);
    expect(screen).toMatch(/```ts[\s\S]*const answer = 42;/);
    expect(screen).toMatch(/│\s*tool\s*│\s*use\s*│/);
    await term.waitFor((s) => !s.includes("Esc to stop"));
    expect(term.written).toContain("\x1b[?2026h");
  });

  it("shows a tool call as a card that expands to its result", async () => {
    const { term } = await setup([
      { toolCalls: [{ name: "read", arguments: { path: "AGENTS.md" } }] },
      "I read it.",
    ]);
    term.typeText("read the agents file", true);
    const screen = await term.waitFor(/I read it\./);
    expect(screen).toMatch(/⚙ read path=AGENTS\.md\s+✓ \d+(ms|\.\ds)/);
    term.type("\x0f");
    await term.waitFor(/│ .*\S/);
  });

  it("stops a running turn with Esc", async () => {
    const { term } = await setup([{ text: "partial ", hang: true }]);
    term.typeText("think forever", true);
    await term.waitFor(/Esc to stop/);
    term.type("\x1b");
    const screen = await term.waitFor(/⚠ stopped/);
    expect(screen).not.toContain("Esc to stop");
  });

  it("runs slash commands with autocomplete", async () => {
    const { term } = await setup([]);
    term.typeText("/th");
    await term.waitFor(/→ think .*Pick or set the thinking level/);
    term.type("\t");
    term.typeText("low", true);
    await term.waitFor(/ℹ thinking: low/);
    await term.waitFor(/think low/);
    term.typeText("/help", true);
    const help = await term.waitFor(/Ctrl\+T: show \/ hide thinking/);
    expect(help).toContain("/compact");
    // /compact goes to the gateway, which answers it before the model (no compaction is configured
    // for the faux model, so there is nothing to compact).
    term.typeText("/compact", true);
    await term.waitFor(/Nothing to compact|compaction is not configured|Compacted/);
  });

  it("switches sessions by command and with the picker", async () => {
    const { term } = await setup(["first answer", "second answer"]);
    term.typeText("hello main", true);
    await term.waitFor(/first answer/);
    term.typeText("/session agent:main:other", true);
    await term.waitFor(/session agent:main:other\s*$/m);
    expect(term.screen().join("\n")).not.toContain("first answer");
    term.typeText("hello other", true);
    await term.waitFor(/second answer/);
    term.type("\x10");
    await term.waitFor(/Sessions[\s\S]*agent:main:main/);
    term.typeText("main:main");
    term.type("\r");
    // The footer switches first; the transcript of the main session arrives right after.
    const screen = await term.waitFor(/first answer[\s\S]*session agent:main:main\s*$/m);
    expect(screen).toContain("first answer");
    expect(screen).not.toContain("second answer");
  });

  it("keeps lines within the width after a resize and fits 80×24", async () => {
    const { term } = await setup([{ text: `${"word ".repeat(120)}END` }]);
    term.typeText("long line please", true);
    await term.waitFor(/END/);
    expect(term.screen()).toHaveLength(24);
    term.resize(50, 20);
    const screen = await term.waitFor(/END/);
    for (const row of screen.split("\n")) expect(row.length).toBeLessThanOrEqual(50);
    expect(screen).toMatch(/● connected/);
  });

  it("reconnects after a gateway restart and refreshes the session", async () => {
    const { term, gw } = await setup(["before restart", "after restart"]);
    term.typeText("one", true);
    await term.waitFor(/before restart/);
    const mark = term.written.length;
    await gw.restart();
    // The footer still says "connected" until the TUI notices the restart: wait for it to notice,
    // then for the reconnect (back-off plus a restart on a busy two-core machine: allow more).
    await term.waitForOutput("reconnecting", mark, 20_000);
    await term.waitFor(/● connected/, 20_000);
    term.typeText("two", true);
    const screen = await term.waitFor(/after restart/);
    expect(screen).toContain("before restart");
  }, 40_000);

  it("renders without colour when NO_COLOR is set", async () => {
    const { term } = await setup(["plain **text**"], { color: false });
    term.typeText("hi", true);
    await term.waitFor(/plain text/);
    const colours = Array.from({ length: 10 }, (_, i) => `\u001b[3${i}m`);
    expect(colours.filter((c) => term.written.includes(c))).toEqual([]);
  });
});

describe("claw tui with long and unusual input", () => {
  it("streams a very long answer without full redraws and ends on its last line", async () => {
    const words = Array.from({ length: 4000 }, (_, i) => (i % 97 === 96 ? "word\n\n" : `w${i} `)).join("");
    const { term, tui } = await setup([{ text: `${words}THE-END`, chunkSize: 40 }]);
    const redrawsBefore = tui.app.tui.fullRedraws;
    term.typeText("go long", true);
    await term.waitFor(/THE-END/, 15_000);
    expect(tui.app.tui.fullRedraws).toBe(redrawsBefore);
    expect(term.allText()).toContain("w0 w1 w2");
  });

  it("takes a large bracketed paste as one message", async () => {
    const { term, gw } = await setup(["got it"]);
    const pasted = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    term.type(`\u001b[200~${pasted}\u001b[201~`);
    await term.waitFor(/paste #1/);
    term.type("\r");
    await term.waitFor(/got it/);
    const sent = gw.faux.contexts[0]?.messages.at(-1);
    expect(JSON.stringify(sent)).toContain("line 39");
  });
});

/**
 * Model and tool text never reaches the terminal raw: a faux model thinks, calls tools and answers
 * with the hostile corpus (and fails with a hostile error); the TUI draws into a headless xterm
 * that would act on any sequence that got through (title, clipboard, hyperlinks, clears).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HOSTILE_TERMINAL_TEXT } from "@claw/client/terminal-text";
import { afterEach, describe, expect, it } from "vitest";
import { ApprovalPrompt, type PendingApproval } from "../src/components/approval-prompt.js";
import { Footer } from "../src/components/footer.js";
import { Picker } from "../src/components/picker.js";
import { runTui, type TuiHandle } from "../src/index.js";
import { initialState } from "../src/state/reducer.js";
import { createTheme } from "../src/theme/theme.js";
import { EmulatedTerminal } from "./helpers/emulated-terminal.js";
import { startTestGateway, type TestGateway } from "./helpers/gateway.js";

const open: { tui?: TuiHandle; gw?: TestGateway; dir?: string }[] = [];
afterEach(async () => {
  for (const { tui, gw, dir } of open.splice(0)) {
    await tui?.stop();
    await gw?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

const CORPUS = HOSTILE_TERMINAL_TEXT.map((c) => c.text).join("\n\n");
const WORDS = HOSTILE_TERMINAL_TEXT.flatMap((c) => c.visible);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the test.
const ACTIONABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/**
 * What the TUI itself writes: CSI sequences (SGR, cursor moves, erase, private modes such as
 * synchronised output), pi-tui's hyperlink reset at each line end (an empty OSC 8) and the
 * carriage returns of its line drawing. Hostile CSIs cannot hide in
 * this: their ESC is replaced before rendering, which the xterm hooks below would notice.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the TUI's own escape codes.
const OWN_OUTPUT = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\]8;;\u0007|\r/g;

function actionable(text: string): string[] {
  return [...text.matchAll(ACTIONABLE)].map(
    (m) =>
      `U+${(m[0].codePointAt(0) ?? 0).toString(16)}@${m.index}: ${JSON.stringify(text.slice((m.index ?? 0) - 20, (m.index ?? 0) + 20))}`,
  );
}

/** Counts what the emulator would have done for a sequence that got through. */
function watch(term: EmulatedTerminal) {
  const acted: string[] = [];
  term.xterm.onTitleChange((title) => acted.push(`title ${title}`));
  term.xterm.onBell(() => acted.push("bell"));
  for (const osc of [0, 1, 2, 4, 7, 8, 52, 1337])
    term.xterm.parser.registerOscHandler(osc, (data) => {
      // pi-tui closes any hyperlink at each line end (`OSC 8 ; ;`): its own, and harmless.
      if (!(osc === 8 && data === ";")) acted.push(`OSC ${osc};${data}`);
      return true;
    });
  term.xterm.parser.registerDcsHandler({ intermediates: "$", final: "q" }, (data) => {
    acted.push(`DCS ${data}`);
    return true;
  });
  term.xterm.parser.registerCsiHandler({ final: "J" }, (params) => {
    if (params[0] === 2 || params[0] === 3) acted.push(`CSI ${params[0]}J`);
    return false;
  });
  return acted;
}

/** Screen text with wrapping undone: lines joined, the indentation wrapped lines carry dropped. */
function unwrapped(text: string): string {
  return text.replace(/\n[ │]*/g, "");
}

describe("claw tui with a hostile model and tools", () => {
  it("shows thinking, tool calls, results, the answer and an error inert, words kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "claw-tui-hostile-"));
    writeFileSync(join(dir, "hostile.txt"), CORPUS);
    const gw = await startTestGateway(
      [
        {
          thinking: CORPUS,
          toolCalls: [
            { name: "read", arguments: { path: "hostile.txt" } },
            { name: "read", arguments: { path: "\u001b]0;title\u0007missing\u009b2J\u202e.txt" } },
          ],
        },
        { text: CORPUS, chunkSize: 7 },
        { text: "partial", error: { reason: "format", message: "bad \u001b]52;c;cHduZWQ=\u0007 request" } },
      ],
      { agents: { defaults: { model: "faux/faux-1", workspace: dir } } },
    );
    open.push({ gw, dir });
    const term = new EmulatedTerminal(100, 40);
    const acted = watch(term);
    const tui = await runTui({
      url: gw.claw.url,
      token: gw.claw.token,
      stateDir: gw.stateDir,
      terminal: term,
      color: true,
      reconnectDelayMs: { initial: 30, max: 200 },
    });
    open.push({ tui });
    await term.waitFor(/● connected/);
    term.type("\x14"); // Ctrl+T: thinking expanded
    term.type("\x0f"); // Ctrl+O: tool results expanded
    term.typeText("read the hostile file", true);
    await term.waitFor(/🎉 party␛\[2J👍 ok[\s\S]*col1/, 15_000);
    await term.waitFor((s) => !s.includes("Esc to stop"));
    term.typeText("fail now", true);
    await term.waitFor(/bad ␛]52;c;cHduZWQ=␇ request/);

    expect(acted).toEqual([]);
    expect(actionable(term.written.replace(OWN_OUTPUT, ""))).toEqual([]);
    const shown = unwrapped(term.allText());
    expect(shown).toContain("␛]0;title␇missing⟨U+009B⟩2J⟨U+202E⟩.txt");
    const missing = WORDS.filter((w) => !shown.includes(w));
    expect(missing).toEqual([]);
  }, 40_000);
});

describe("TUI components given hostile gateway data", () => {
  const theme = createTheme({ color: true });
  const hostile = "\u001b]0;t\u0007cmd\u009b2J\u202eevil\u001b[2J";
  const safe = "␛]0;t␇cmd⟨U+009B⟩2J⟨U+202E⟩evil␛[2J";

  async function draw(lines: string[]) {
    const term = new EmulatedTerminal(120, 10);
    const acted = watch(term);
    term.write(lines.join("\r\n"));
    await term.flush();
    return { acted, screen: term.screen().join("\n"), written: lines.join("\n") };
  }

  it("the approval prompt shows the model's command and reason inert", async () => {
    const prompt = new ApprovalPrompt({ onDecide() {}, onHide() {} }, theme, () => 0);
    const approval = {
      id: "a1",
      expiresAtMs: 60_000,
      createdAtMs: 0,
      request: { command: hostile, reason: hostile, agentId: "main", sessionKey: `agent:main:${hostile}` },
    } as unknown as PendingApproval;
    prompt.setQueue([approval]);
    const { acted, screen, written } = await draw(prompt.render(120));
    expect(acted).toEqual([]);
    expect(actionable(written.replace(OWN_OUTPUT, ""))).toEqual([]);
    expect(screen).toContain(`$ ${safe}`);
    expect(screen).toContain(`why: ${safe}`);
  });

  it("the picker and the footer show session keys and model names inert", async () => {
    const picker = new Picker(
      {
        title: "Sessions",
        items: [{ value: hostile, label: hostile, description: hostile }],
        onSelect() {},
        onCancel() {},
      },
      theme,
    );
    const footer = new Footer(theme);
    const state = initialState({ key: `agent:main:${hostile}`, agentId: "main" });
    footer.update({ ...state, session: { ...state.session, model: hostile } }, "");
    const { acted, screen, written } = await draw([...picker.render(120), ...footer.render(120)]);
    expect(acted).toEqual([]);
    expect(actionable(written.replace(OWN_OUTPUT, ""))).toEqual([]);
    expect(screen).toContain("␛]0;t␇cmd");
    expect(screen).toContain(`session agent:main:${safe.slice(0, 20)}`);
  });
});

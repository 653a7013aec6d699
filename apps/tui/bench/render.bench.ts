/**
 * Render cost while streaming a 20k-token answer, per token: bytes written to the terminal and
 * CPU time. Ours is the TUI (chat log, editor, footer) under pi-tui's differential renderer; the
 * baseline, in the same run and over the same components, clears the screen and redraws every
 * visible row on each token. Both render after every single token (no frame coalescing), the
 * worst case for us: in use pi-tui coalesces renders to at most one per 16 ms.
 */
import { report } from "@claw/bench-harness";
import { Container, type Terminal, TUI } from "@mariozechner/pi-tui";
import { ChatLog } from "../src/components/chat-log.js";
import { Footer } from "../src/components/footer.js";
import { PromptEditor } from "../src/components/prompt-editor.js";
import { initialState, reduce } from "../src/state/reducer.js";
import type { TuiState } from "../src/state/types.js";
import { createTheme } from "../src/theme/theme.js";
import { longAnswer, tokens } from "./answer.js";

const COLS = 80;
const ROWS = 24;
const TOKENS = Number(process.env.TUI_BENCH_TOKENS ?? 20_000);

class CountingTerminal implements Terminal {
  bytes = 0;
  start(): void {}
  stop(): void {}
  async drainInput(): Promise<void> {}
  write(data: string): void {
    this.bytes += Buffer.byteLength(data);
  }
  get columns(): number {
    return COLS;
  }
  get rows(): number {
    return ROWS;
  }
  get kittyProtocolActive(): boolean {
    return false;
  }
  moveBy(): void {}
  hideCursor(): void {}
  showCursor(): void {}
  clearLine(): void {}
  clearFromCursor(): void {}
  clearScreen(): void {}
  setTitle(): void {}
  setProgress(): void {}
}

interface Screen {
  tui: TUI;
  chat: ChatLog;
  footer: Footer;
  term: CountingTerminal;
}

function screen(): Screen {
  const theme = createTheme({ color: true });
  const term = new CountingTerminal();
  const tui = new TUI(term);
  const chat = new ChatLog(theme);
  const footer = new Footer(theme);
  const slot = new Container();
  slot.addChild(new PromptEditor(tui, theme));
  tui.addChild(chat);
  tui.addChild(slot);
  tui.addChild(footer);
  return { tui, chat, footer, term };
}

/** Streams every token through the reducer and renders after each one; returns bytes and CPU ms. */
function stream(
  parts: string[],
  render: (s: Screen, state: TuiState) => void,
): { bytes: number; cpuMs: number } {
  const s = screen();
  let state = reduce(initialState({ key: "agent:main:main", agentId: "main" }), {
    type: "user-message",
    text: "write it all",
  });
  state = reduce(state, { type: "run-bound", runId: "r1" });
  render(s, state);
  const before = s.term.bytes;
  const cpu = process.cpuUsage();
  let seq = 0;
  for (const delta of parts) {
    state = reduce(state, {
      type: "agent-event",
      event: { runId: "r1", seq: seq++, stream: "assistant", ts: 0, data: { delta, text: delta } },
    });
    render(s, state);
  }
  const used = process.cpuUsage(cpu);
  return { bytes: s.term.bytes - before, cpuMs: (used.user + used.system) / 1000 };
}

const differential = (s: Screen, state: TuiState) => {
  s.chat.update(state);
  s.footer.update(state, "");
  // The bench renders synchronously per token instead of waiting for pi-tui's frame timer.
  (s.tui as unknown as { doRender(): void }).doRender();
};

const naive = (s: Screen, state: TuiState) => {
  s.chat.update(state);
  s.footer.update(state, "");
  const lines = s.tui.render(COLS);
  const visible = lines.slice(Math.max(0, lines.length - ROWS));
  s.term.write(`\x1b[H\x1b[2J${visible.join("\r\n")}`);
};

const parts = tokens(longAnswer(TOKENS));
const base = stream(parts, naive);
const ours = stream(parts, differential);
const perToken = (n: number) => n / parts.length;

report("tui render", "naive full redraw: bytes/token", perToken(base.bytes), "B");
report("tui render", "differential (pi-tui): bytes/token", perToken(ours.bytes), "B", {
  baseline: { name: "naive full redraw: bytes/token", value: perToken(base.bytes) },
  target: { maxRatio: 0.1 },
});
report("tui render", "naive full redraw: CPU/token", perToken(base.cpuMs), "ms");
report("tui render", "differential (pi-tui): CPU/token", perToken(ours.cpuMs), "ms", {
  baseline: { name: "naive full redraw: CPU/token", value: perToken(base.cpuMs) },
});
report("tui render", `tokens streamed`, parts.length, "tokens");

/**
 * The multi-line prompt: pi-tui's Editor (history, undo, kill ring, bracketed paste, autocomplete)
 * trimmed for the wire: the border is coloured once per line (the stock editor colours each `─`,
 * ~1 kB of escape codes per border line), line padding is dropped, and a plain bottom border is
 * left out (the footer below separates). The editor is rewritten every time the chat above it
 * grows by a line, so these bytes count.
 */
import { Editor, type TUI } from "@mariozechner/pi-tui";
import type { Theme } from "../theme/theme.js";

export class PromptEditor extends Editor {
  constructor(
    tui: TUI,
    private readonly style: Theme,
  ) {
    super(tui, { ...style.editor, borderColor: (s) => s });
  }

  override render(width: number): string[] {
    const lines = super.render(width);
    const last = lines.length - 1;
    if (last > 0 && /^─+$/.test(lines[last] as string)) lines.pop();
    return lines.map((line) => (line.startsWith("─") ? this.style.muted(line) : line.replace(/ +$/, "")));
  }
}

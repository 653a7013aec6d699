/**
 * A titled, filterable list shown in place of the editor: the session picker, the agent switcher
 * and the model picker are all this component with different items. Type to filter, ↑/↓ to move,
 * Enter to choose, Esc to cancel. Labels and descriptions come from the gateway (session keys,
 * model names): sanitised for display, the chosen value is passed on as it is.
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import {
  type Component,
  type Focusable,
  matchesKey,
  type SelectItem,
  SelectList,
  truncateToWidth,
} from "@mariozechner/pi-tui";
import type { Theme } from "../theme/theme.js";

export interface PickerOptions {
  title: string;
  items: SelectItem[];
  /** Value to preselect (the current session, agent or model). */
  current?: string;
  onSelect(value: string): void;
  onCancel(): void;
}

export class Picker implements Component, Focusable {
  focused = false;
  private filter = "";
  private list: SelectList;

  constructor(
    private readonly options: PickerOptions,
    private readonly theme: Theme,
    private readonly maxVisible = 8,
  ) {
    this.options = { ...options, items: options.items.map(displaySafe) };
    this.list = this.build();
  }

  /** A list of the items whose label or value contains the filter (any case), current one selected. */
  private build(): SelectList {
    const needle = this.filter.toLowerCase();
    const items = this.options.items.filter(
      (i) => i.label.toLowerCase().includes(needle) || i.value.toLowerCase().includes(needle),
    );
    const list = new SelectList(items, this.maxVisible, this.theme.selectList);
    const index = items.findIndex((i) => i.value === this.options.current);
    if (index >= 0) list.setSelectedIndex(index);
    list.onSelect = (item) => this.options.onSelect(item.value);
    list.onCancel = () => this.options.onCancel();
    return list;
  }

  invalidate(): void {
    this.list.invalidate();
  }

  handleInput(data: string): void {
    if (matchesKey(data, "backspace")) {
      this.filter = this.filter.slice(0, -1);
      this.list = this.build();
      return;
    }
    if (data.length === 1 && data >= " " && data !== "\x7f") {
      this.filter += data;
      this.list = this.build();
      return;
    }
    this.list.handleInput(data);
  }

  render(width: number): string[] {
    const t = this.theme;
    const title = ` ${t.bold(this.options.title)}${this.filter ? t.muted(`  filter: ${this.filter}`) : ""}`;
    const rule = t.muted("─".repeat(Math.max(0, width)));
    return [
      rule,
      truncateToWidth(title, width),
      ...this.list.render(width),
      truncateToWidth(t.muted(" ↑↓ move · Enter choose · Esc cancel · type to filter"), width),
    ];
  }
}

/** An item whose shown text holds no terminal controls; its value is kept for the command. */
function displaySafe(item: SelectItem): SelectItem {
  return {
    ...item,
    label: sanitizeTerminalText(item.label),
    ...(item.description === undefined ? {} : { description: sanitizeTerminalText(item.description) }),
  };
}

/**
 * A titled, filterable list shown in place of the editor: the session picker, the agent switcher
 * and the model picker are all this component with different items. Type to filter, ↑/↓ to move,
 * Enter to choose, Esc to cancel.
 */
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
  private readonly list: SelectList;

  constructor(
    private readonly options: PickerOptions,
    private readonly theme: Theme,
    maxVisible = 8,
  ) {
    this.list = new SelectList(options.items, maxVisible, theme.selectList);
    const index = options.items.findIndex((i) => i.value === options.current);
    if (index >= 0) this.list.setSelectedIndex(index);
    this.list.onSelect = (item) => options.onSelect(item.value);
    this.list.onCancel = () => options.onCancel();
  }

  invalidate(): void {
    this.list.invalidate();
  }

  handleInput(data: string): void {
    if (matchesKey(data, "backspace")) {
      this.filter = this.filter.slice(0, -1);
      this.list.setFilter(this.filter);
      return;
    }
    if (data.length === 1 && data >= " " && data !== "\x7f") {
      this.filter += data;
      this.list.setFilter(this.filter);
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

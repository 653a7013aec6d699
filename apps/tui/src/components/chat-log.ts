/**
 * The conversation: one component per chat item, kept across renders. `update` reconciles by item
 * id and touches only items whose object changed, so an unchanged history costs nothing to redraw.
 */
import type { Component } from "@mariozechner/pi-tui";
import type { ChatItem, TuiState } from "../state/types.js";
import type { Theme } from "../theme/theme.js";
import { AssistantMessage } from "./assistant-message.js";
import { Notice } from "./notice.js";
import { ToolCard } from "./tool-card.js";
import { UserMessage } from "./user-message.js";

interface Entry {
  item: ChatItem;
  component: Component;
}

export class ChatLog implements Component {
  private entries: Entry[] = [];
  private showThinking = false;
  private expandTools = false;

  constructor(private readonly theme: Theme) {}

  private pending?: Pick<TuiState, "items" | "showThinking" | "expandTools">;

  /** Takes the latest state; the work happens at the next render, so a burst of deltas costs one. */
  update(state: Pick<TuiState, "items" | "showThinking" | "expandTools">): void {
    this.pending = state;
  }

  private reconcile(state: Pick<TuiState, "items" | "showThinking" | "expandTools">): void {
    const flagsChanged = state.showThinking !== this.showThinking || state.expandTools !== this.expandTools;
    this.showThinking = state.showThinking;
    this.expandTools = state.expandTools;
    const byId = new Map(this.entries.map((e) => [e.item.id, e] as const));
    this.entries = state.items.map((item) => {
      const existing = byId.get(item.id);
      if (existing && existing.item.kind === item.kind) {
        if (existing.item !== item || flagsChanged) this.apply(existing.component, item);
        existing.item = item;
        return existing;
      }
      const component = this.create(item);
      this.apply(component, item);
      return { item, component };
    });
  }

  invalidate(): void {
    for (const entry of this.entries) entry.component.invalidate();
  }

  render(width: number): string[] {
    if (this.pending) {
      this.reconcile(this.pending);
      this.pending = undefined;
    }
    const lines: string[] = [];
    for (const entry of this.entries) for (const line of entry.component.render(width)) lines.push(line);
    return lines;
  }

  private create(item: ChatItem): Component {
    switch (item.kind) {
      case "user":
        return new UserMessage(
          [item.text, ...(item.images ?? []).map((image) => `[image ${image.mimeType}]`)].join("\n"),
          this.theme,
        );
      case "assistant":
        return new AssistantMessage(this.theme);
      case "tool":
        return new ToolCard(this.theme);
      case "notice":
        return new Notice(item, this.theme);
      case "summary":
        return new Notice(
          {
            kind: "notice",
            id: item.id,
            level: "info",
            text: `earlier conversation, summarised:\n${item.text}`,
          },
          this.theme,
        );
    }
  }

  private apply(component: Component, item: ChatItem): void {
    if (item.kind === "assistant" && component instanceof AssistantMessage)
      component.update(item, this.showThinking);
    else if (item.kind === "tool" && component instanceof ToolCard) component.update(item, this.expandTools);
  }
}

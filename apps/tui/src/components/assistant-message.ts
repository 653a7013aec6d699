/**
 * An assistant turn: its thinking block above its streamed markdown answer. Both are model text:
 * sanitised (as they grow) before markdown or styling sees them.
 */
import { createStreamingSanitizer } from "@claw/client/terminal-text";
import type { Component } from "@mariozechner/pi-tui";
import type { AssistantItem } from "../state/types.js";
import type { Theme } from "../theme/theme.js";
import { StreamingMarkdown } from "./streaming-markdown.js";
import { ThinkingBlock } from "./thinking-block.js";

export class AssistantMessage implements Component {
  private readonly thinking: ThinkingBlock;
  private readonly body: StreamingMarkdown;
  private readonly safeText = createStreamingSanitizer();
  private readonly safeThinking = createStreamingSanitizer();

  constructor(theme: Theme) {
    this.thinking = new ThinkingBlock(theme);
    this.body = new StreamingMarkdown(theme.markdown);
  }

  update(item: AssistantItem, showThinking: boolean): void {
    this.thinking.set(this.safeThinking(item.thinking), showThinking);
    this.body.setText(this.safeText(item.text));
  }

  invalidate(): void {
    this.thinking.invalidate();
    this.body.invalidate();
  }

  render(width: number): string[] {
    const thinking = this.thinking.render(width);
    const body = this.body.render(width);
    return thinking.length === 0 ? [""].concat(body) : [""].concat(thinking, body);
  }
}

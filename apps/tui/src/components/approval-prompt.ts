/**
 * The approval prompt shown in place of the editor while a command waits for a person: what
 * would run, for which agent and session, why it needs approval, and the keys — `a` allow once,
 * `A` allow always (adds it to the agent's allowlist), `d` deny. Esc hides it until the next
 * request; the queue count says how many more wait. The command and reason are model-controlled:
 * sanitised before they are styled.
 */

import type { EventPayload } from "@claw/client";
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import {
  type Component,
  type Focusable,
  matchesKey,
  truncateToWidth,
  wrapTextWithAnsi,
} from "@mariozechner/pi-tui";
import type { Theme } from "../theme/theme.js";

export type PendingApproval = EventPayload<"exec.approval.requested">;
export type ApprovalChoice = "allow-once" | "allow-always" | "deny";

const KEYS: Record<string, ApprovalChoice> = { a: "allow-once", A: "allow-always", d: "deny" };

export interface ApprovalPromptOptions {
  onDecide(approval: PendingApproval, decision: ApprovalChoice): void;
  onHide(): void;
}

export class ApprovalPrompt implements Component, Focusable {
  focused = false;
  private queue: PendingApproval[] = [];

  constructor(
    private readonly options: ApprovalPromptOptions,
    private readonly theme: Theme,
    private readonly now: () => number = Date.now,
  ) {}

  /** The approvals waiting, oldest first; the first one is asked about. */
  setQueue(queue: PendingApproval[]): void {
    this.queue = queue;
  }

  invalidate(): void {}

  handleInput(data: string): void {
    const current = this.queue[0];
    if (!current) return;
    const decision = KEYS[data];
    if (decision) this.options.onDecide(current, decision);
    else if (matchesKey(data, "escape")) this.options.onHide();
  }

  render(width: number): string[] {
    const t = this.theme;
    const current = this.queue[0];
    if (!current) return [];
    const { request } = current;
    const seconds = Math.max(0, Math.round((current.expiresAtMs - this.now()) / 1000));
    const where = sanitizeTerminalText(
      [request.agentId && `agent ${request.agentId}`, request.sessionKey, `${seconds}s left`]
        .filter(Boolean)
        .join(" · "),
    );
    const more = this.queue.length > 1 ? t.muted(`  (${this.queue.length - 1} more waiting)`) : "";
    const lines = [
      t.muted("─".repeat(Math.max(0, width))),
      ` ${t.warning("⚠ Approve this command?")} ${t.muted(where)}`,
      ...wrapTextWithAnsi(`   $ ${sanitizeTerminalText(request.command)}`, Math.max(1, width)),
      ...(request.reason
        ? wrapTextWithAnsi(t.muted(`   why: ${sanitizeTerminalText(request.reason)}`), Math.max(1, width))
        : []),
      ` ${t.bold("[a]")} allow once  ${t.bold("[A]")} allow always  ${t.bold("[d]")} deny  ${t.muted("· Esc later")}${more}`,
    ];
    return lines.map((line) => truncateToWidth(line, width));
  }
}

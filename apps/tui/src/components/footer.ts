/**
 * The two bottom lines: what is happening now (streaming, hints), and the session's agent, model,
 * thinking level, context use, cost and connection state. Session key, agent and model come from
 * the gateway (a channel peer can be part of a key): sanitised before they are styled.
 */
import { sanitizeTerminalText } from "@claw/client/terminal-text";
import { type Component, truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";
import { formatCost, formatTokens } from "../state/format.js";
import type { TuiState } from "../state/types.js";
import { gap, type Theme } from "../theme/theme.js";

const CONNECTION = {
  connecting: "○ connecting",
  connected: "● connected",
  reconnecting: "◌ reconnecting",
  offline: "○ offline",
} as const;

export class Footer implements Component {
  private state?: TuiState;
  private hint = "";
  private cache?: { width: number; lines: string[] };

  constructor(private readonly theme: Theme) {}

  update(state: TuiState, hint: string): void {
    if (state === this.state && hint === this.hint) return;
    this.state = state;
    this.hint = hint;
    this.cache = undefined;
  }

  invalidate(): void {
    this.cache = undefined;
  }

  render(width: number): string[] {
    const state = this.state;
    if (!state) return [];
    if (this.cache?.width === width) return this.cache.lines;
    const t = this.theme;
    const s = state.session;
    const busy = state.activeRunId || state.pending ? t.accent("● working · Esc to stop") : "";
    const activity = [busy, this.hint ? t.muted(this.hint) : ""].filter(Boolean).join("  ");
    const pct = s.contextWindow ? ` (${Math.round((100 * s.contextTokens) / s.contextWindow)}%)` : "";
    const ctx = `ctx ${formatTokens(s.contextTokens)}${s.contextWindow ? `/${formatTokens(s.contextWindow)}` : ""}${pct}`;
    const left = sanitizeTerminalText(
      [
        s.agentId,
        s.model ?? "default model",
        `think ${s.thinkingLevel ?? "default"}`,
        ctx,
        s.costUsd === undefined ? "" : formatCost(s.costUsd),
      ]
        .filter(Boolean)
        .join(" · "),
    );
    const conn = CONNECTION[state.connection];
    const connStyled = state.connection === "connected" ? t.success(conn) : t.warning(conn);
    const room = Math.max(0, width - visibleWidth(conn) - 2);
    const leftCut = truncateToWidth(left, room);
    const space = Math.max(1, width - visibleWidth(leftCut) - visibleWidth(conn));
    const info = `${t.muted(leftCut)}${gap(space)}${connStyled}`;
    if (width < 40) {
      const lines = [
        truncateToWidth(activity, width),
        truncateToWidth(`${CONNECTION[state.connection]} ${left}`, width),
      ];
      this.cache = { width, lines };
      return lines;
    }
    const session = t.muted(truncateToWidth(`session ${sanitizeTerminalText(s.key)}`, width - 1));
    const activityCut = truncateToWidth(
      activity ? ` ${activity}` : "",
      Math.max(0, width - visibleWidth(session) - 1),
    );
    const pad = Math.max(1, width - visibleWidth(activityCut) - visibleWidth(session));
    const lines = [`${activityCut}${gap(pad)}${session}`, info];
    this.cache = { width, lines };
    return lines;
  }
}

/**
 * Assembles the TUI: state store, gateway session, components and key bindings. The layout is
 * chat log → editor (or a picker in its place) → footer, rendered by pi-tui's differential
 * renderer inside the terminal's normal scrollback.
 */

import { buildMainSessionKey, sessionKeyAgentId } from "@claw/ids";
import {
  Container,
  type Editor,
  matchesKey,
  type SelectItem,
  type Terminal,
  TUI,
} from "@mariozechner/pi-tui";
import { createSlashAutocomplete } from "./commands/autocomplete.js";
import { type CommandContext, type PickerKind, runCommand } from "./commands/run-command.js";
import { parseSlash, THINKING_LEVELS } from "./commands/table.js";
import { ApprovalPrompt, type PendingApproval } from "./components/approval-prompt.js";
import { ChatLog } from "./components/chat-log.js";
import { Footer } from "./components/footer.js";
import { Picker } from "./components/picker.js";
import { PromptEditor } from "./components/prompt-editor.js";
import {
  type GatewaySession,
  type GatewaySessionOptions,
  GatewaySession as Session,
} from "./gateway/gateway-session.js";
import { modelRef } from "./gateway/session-info.js";
import { initialState, reduce } from "./state/reducer.js";
import type { Action, TuiState } from "./state/types.js";
import type { Theme } from "./theme/theme.js";

export interface AppOptions {
  terminal: Terminal;
  theme: Theme;
  gateway: Omit<GatewaySessionOptions, "dispatch" | "getState">;
  /** Session to open; without one the gateway's default agent's main session opens. */
  sessionKey?: string;
  agentId?: string;
  /** Called once when the person quits. */
  onQuit(): void;
}

/** How long the "press Ctrl+C again" window stays open. */
const QUIT_WINDOW_MS = 2000;

export class App {
  readonly tui: TUI;
  readonly gateway: GatewaySession;
  private state: TuiState;
  private readonly chat: ChatLog;
  private readonly footer: Footer;
  private readonly editor: Editor;
  private readonly slot = new Container();
  private picker?: Picker;
  private readonly approvalPrompt: ApprovalPrompt;
  /** Approval ids the person pressed Esc on: not asked again until a new one arrives. */
  private hiddenApprovals = new Set<string>();
  private hint = "";
  private hintTimer?: NodeJS.Timeout;
  private lastCtrlC = 0;
  private quitting = false;

  constructor(private readonly options: AppOptions) {
    const agentId = options.agentId ?? sessionKeyAgentId(options.sessionKey) ?? "main";
    this.state = initialState({ key: options.sessionKey ?? buildMainSessionKey(agentId), agentId });
    this.tui = new TUI(options.terminal);
    this.chat = new ChatLog(options.theme);
    this.footer = new Footer(options.theme);
    this.editor = new PromptEditor(this.tui, options.theme);
    this.gateway = new Session({
      ...options.gateway,
      followDefaultSession: options.sessionKey === undefined && options.agentId === undefined,
      ...(options.sessionKey === undefined && options.agentId !== undefined
        ? { followAgentMainSession: options.agentId }
        : {}),
      dispatch: (action) => this.dispatch(action),
      getState: () => this.state,
      onApprovals: (pending) => this.showApprovals(pending),
    });
    this.approvalPrompt = new ApprovalPrompt(
      {
        onDecide: (approval, decision) => {
          this.hiddenApprovals.add(approval.id);
          this.showApprovals(this.gateway.approvals);
          void this.gateway.resolveApproval(approval.id, decision);
        },
        onHide: () => {
          for (const a of this.gateway.approvals) this.hiddenApprovals.add(a.id);
          this.showApprovals(this.gateway.approvals);
        },
      },
      options.theme,
    );
    this.editor.setAutocompleteProvider(createSlashAutocomplete(this.gateway));
    this.editor.onSubmit = (text) => void this.submit(text);
    this.slot.addChild(this.editor);
    this.tui.addChild(this.chat);
    this.tui.addChild(this.slot);
    this.tui.addChild(this.footer);
    this.tui.setFocus(this.editor);
    this.tui.addInputListener((data) => this.onKey(data));
    this.sync();
  }

  /** Current state (tests read the screen instead; this is for embedding). */
  get current(): TuiState {
    return this.state;
  }

  /** Starts rendering and connects; resolves once connected and the session is loaded. */
  async start(): Promise<void> {
    this.tui.start();
    await this.gateway.start();
  }

  async stop(): Promise<void> {
    clearTimeout(this.hintTimer);
    this.tui.stop();
    await this.gateway.stop();
  }

  dispatch(action: Action): void {
    this.state = reduce(this.state, action);
    this.sync();
  }

  private sync(): void {
    this.chat.update(this.state);
    this.footer.update(this.state, this.hint);
    this.tui.requestRender();
  }

  private setHint(text: string, ms = QUIT_WINDOW_MS): void {
    this.hint = text;
    clearTimeout(this.hintTimer);
    this.hintTimer = setTimeout(() => {
      this.hint = "";
      this.sync();
    }, ms);
    this.hintTimer.unref();
    this.sync();
  }

  private async submit(text: string): Promise<void> {
    const trimmed = text.trim();
    if (!trimmed) return;
    this.editor.addToHistory(text);
    const slash = parseSlash(trimmed);
    if (slash) return runCommand(this.commandContext(), slash.name, slash.args);
    if (this.state.activeRunId || this.state.pending) {
      this.setHint("a turn is running — Esc stops it; your message was kept", 3000);
      this.editor.setText(text);
      return;
    }
    await this.gateway.send(text);
  }

  private onKey(data: string): { consume: boolean } | undefined {
    if (matchesKey(data, "ctrl+c")) {
      if (this.picker) {
        this.closePicker();
        return { consume: true };
      }
      const now = Date.now();
      if (now - this.lastCtrlC < QUIT_WINDOW_MS) {
        this.quit();
        return { consume: true };
      }
      this.lastCtrlC = now;
      this.editor.setText("");
      this.setHint("press Ctrl+C again to quit");
      return { consume: true };
    }
    if (this.picker || this.slot.children.includes(this.approvalPrompt)) return undefined;
    if (matchesKey(data, "escape") && !this.editor.isShowingAutocomplete()) {
      if (this.state.activeRunId || this.state.pending) void this.gateway.abort();
      return { consume: true };
    }
    if (matchesKey(data, "ctrl+t"))
      return this.consumeAfter(() => this.dispatch({ type: "toggle-thinking" }));
    if (matchesKey(data, "ctrl+o")) return this.consumeAfter(() => this.dispatch({ type: "toggle-tools" }));
    if (matchesKey(data, "ctrl+p")) return this.consumeAfter(() => this.pick("session"));
    return undefined;
  }

  private consumeAfter(fn: () => void): { consume: boolean } {
    fn();
    return { consume: true };
  }

  private quit(): void {
    if (this.quitting) return;
    this.quitting = true;
    this.options.onQuit();
  }

  private commandContext(): CommandContext {
    return {
      gateway: this.gateway,
      state: () => this.state,
      dispatch: (action) => this.dispatch(action),
      pick: (kind) => void this.pick(kind),
      switchSession: (key, agentId) => this.switchSession(key, agentId),
      quit: () => this.quit(),
    };
  }

  private async switchSession(key: string, agentId: string): Promise<void> {
    if (key === this.state.session.key)
      return this.dispatch({ type: "notice", level: "info", text: `already on session ${key}` });
    this.dispatch({ type: "switch-session", key, agentId });
    await this.gateway.refresh({ history: true });
    this.dispatch({ type: "notice", level: "info", text: `session ${key}` });
  }

  private async pick(kind: PickerKind): Promise<void> {
    if (kind === "session") await this.gateway.refresh();
    const s = this.state.session;
    const choices: Record<PickerKind, { title: string; items: SelectItem[]; current?: string }> = {
      session: {
        title: "Sessions",
        current: s.key,
        items: this.gateway.sessions.map((row) => ({
          value: row.key,
          label: row.key,
          description: row.model,
        })),
      },
      agent: {
        title: "Agents",
        current: s.agentId,
        items: this.gateway.agents.map((a) => ({ value: a, label: a })),
      },
      model: {
        title: "Models",
        current: s.model,
        items: this.gateway.models.map((m) => ({
          value: modelRef(m),
          label: modelRef(m),
          description: m.name,
        })),
      },
      thinking: {
        title: "Thinking level",
        current: s.thinkingLevel,
        items: THINKING_LEVELS.map((l) => ({ value: l, label: l })),
      },
    };
    const choice = choices[kind];
    const command = { session: "session", agent: "agent", model: "model", thinking: "think" }[kind];
    this.picker = new Picker(
      {
        ...choice,
        onSelect: (value) => {
          this.closePicker();
          void runCommand(this.commandContext(), command, value);
        },
        onCancel: () => this.closePicker(),
      },
      this.options.theme,
    );
    this.slot.clear();
    this.slot.addChild(this.picker);
    this.tui.setFocus(this.picker);
    this.tui.requestRender();
  }

  /** Puts the approval prompt in the editor's place while approvals wait, and back when none do. */
  private showApprovals(pending: PendingApproval[]): void {
    const shown = pending.filter((a) => !this.hiddenApprovals.has(a.id));
    this.approvalPrompt.setQueue(shown);
    if (this.picker) return;
    const showing = this.slot.children.includes(this.approvalPrompt);
    if (shown.length > 0 && !showing) {
      this.slot.clear();
      this.slot.addChild(this.approvalPrompt);
      this.tui.setFocus(this.approvalPrompt);
    } else if (shown.length === 0 && showing) {
      this.slot.clear();
      this.slot.addChild(this.editor);
      this.tui.setFocus(this.editor);
    }
    this.tui.requestRender();
  }

  private closePicker(): void {
    this.picker = undefined;
    this.slot.clear();
    this.slot.addChild(this.editor);
    this.tui.setFocus(this.editor);
    this.showApprovals(this.gateway.approvals);
  }
}

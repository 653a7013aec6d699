/**
 * The message box: Enter sends, Shift+Enter breaks the line, `/` opens command completion
 * (arrows, Tab/Enter, Escape), Stop aborts the run. The draft is kept per session in
 * localStorage, so a reconnect, a reload or a failed send never loses it.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { type CommandChoice, matchCommands } from "./command-completion.js";

export interface ComposerProps {
  sessionKey: string;
  commands: readonly CommandChoice[];
  running: boolean;
  connected: boolean;
  onSend(text: string): Promise<boolean>;
  onAbort(): void;
}

const draftKey = (sessionKey: string) => `claw.draft:${sessionKey}`;

export function Composer({ sessionKey, commands, running, connected, onSend, onAbort }: ComposerProps) {
  const [draft, setDraft] = useState(() => localStorage.getItem(draftKey(sessionKey)) ?? "");
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setDraft(localStorage.getItem(draftKey(sessionKey)) ?? "");
  }, [sessionKey]);

  const update = (text: string) => {
    setDraft(text);
    setDismissed(false);
    setSelected(0);
    if (text) localStorage.setItem(draftKey(sessionKey), text);
    else localStorage.removeItem(draftKey(sessionKey));
  };

  const matches = useMemo(
    () => (dismissed ? [] : matchCommands(draft, commands)),
    [draft, commands, dismissed],
  );

  const submit = async () => {
    const text = draft.trim();
    if (!text || !connected) return;
    if (await onSend(text)) update("");
    input.current?.focus();
  };

  const accept = (choice: CommandChoice) => {
    update(`${choice.text} `);
    setDismissed(true);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (matches.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setSelected((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Tab" || (event.key === "Enter" && !event.shiftKey)) {
        event.preventDefault();
        const choice = matches[selected];
        if (choice) accept(choice);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {matches.length > 0 && (
        <div class="completion" role="listbox" id="command-completion" aria-label="Commands">
          {matches.map((choice, i) => (
            <div
              key={choice.text}
              role="option"
              tabIndex={-1}
              id={`command-${i}`}
              aria-selected={i === selected}
              class={i === selected ? "selected" : ""}
              onMouseDown={(event) => {
                event.preventDefault();
                accept(choice);
              }}
            >
              <code>{choice.text}</code> <span>{choice.description}</span>
            </div>
          ))}
        </div>
      )}
      <label class="visually-hidden" for="composer-input">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={input}
        rows={2}
        value={draft}
        placeholder={
          connected
            ? "Message — / for commands, Shift+Enter for a new line"
            : "Reconnecting… your draft is kept"
        }
        aria-autocomplete="list"
        aria-controls={matches.length > 0 ? "command-completion" : undefined}
        aria-activedescendant={matches.length > 0 ? `command-${selected}` : undefined}
        onInput={(event) => update((event.target as HTMLTextAreaElement).value)}
        onKeyDown={onKeyDown}
      />
      <div class="composer-actions">
        {running ? (
          <button type="button" class="danger" onClick={onAbort}>
            Stop
          </button>
        ) : null}
        <button type="submit" class="primary" disabled={!connected || draft.trim() === ""}>
          Send
        </button>
      </div>
    </form>
  );
}

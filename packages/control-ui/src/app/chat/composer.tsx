/**
 * The message box: Enter sends, Shift+Enter breaks the line, `/` opens command completion
 * (arrows, Tab/Enter, Escape), Stop aborts the run. The draft is kept per session in
 * localStorage, so a reconnect, a reload or a failed send never loses it. Files come in through
 * the Attach button, a paste or a drop, and wait as chips until the message goes.
 */
import { randomId } from "@claw/client/browser";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { AttachmentChips } from "./attachment-chips.js";
import {
  type AttachmentLimits,
  addAttachments,
  type PendingAttachment,
  type PickedFile,
} from "./attachments.js";
import { type CommandChoice, matchCommands } from "./command-completion.js";
import { PaperclipIcon } from "./icons.js";

export interface ComposerProps {
  sessionKey: string;
  commands: readonly CommandChoice[];
  running: boolean;
  connected: boolean;
  attachmentLimits: AttachmentLimits;
  onSend(text: string, attachments: readonly PendingAttachment[]): Promise<boolean>;
  onAbort(): void;
}

const draftKey = (sessionKey: string) => `claw.draft:${sessionKey}`;

export function Composer(props: ComposerProps) {
  const { sessionKey, commands, running, connected, onSend, onAbort } = props;
  const [draft, setDraft] = useState(() => localStorage.getItem(draftKey(sessionKey)) ?? "");
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [attachments, setAttachments] = useState<PendingAttachment[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setDraft(localStorage.getItem(draftKey(sessionKey)) ?? "");
    setAttachments([]);
    setProblems([]);
  }, [sessionKey]);

  const attach = (files: readonly PickedFile[]) => {
    if (files.length === 0) return;
    const added = addAttachments(attachments, files, props.attachmentLimits, randomId);
    setAttachments(added.pending);
    setProblems(added.problems);
  };

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
    if ((!text && attachments.length === 0) || !connected) return;
    if (await onSend(text, attachments)) {
      update("");
      setAttachments([]);
      setProblems([]);
    }
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
      class={`composer${dragging ? " dragging" : ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer?.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        attach([...(event.dataTransfer?.files ?? [])]);
      }}
    >
      <AttachmentChips
        attachments={attachments}
        onRemove={(id) => {
          setAttachments((list) => list.filter((a) => a.id !== id));
          input.current?.focus();
        }}
      />
      {problems.length > 0 && (
        <p class="notice notice-error attachment-problems" role="alert">
          {problems.join(" · ")}
        </p>
      )}
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
        onPaste={(event) => {
          const files = [...(event.clipboardData?.files ?? [])];
          if (files.length === 0) return;
          event.preventDefault();
          attach(files);
        }}
      />
      <input
        ref={picker}
        type="file"
        multiple
        class="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-input"
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          attach([...(target.files ?? [])]);
          target.value = "";
        }}
      />
      <div class="composer-actions">
        <button
          type="button"
          class="attach"
          aria-label="Attach files"
          title="Attach files (or paste or drop them here)"
          onClick={() => picker.current?.click()}
        >
          <PaperclipIcon />
        </button>
        {running ? (
          <button type="button" class="danger" onClick={onAbort}>
            Stop
          </button>
        ) : null}
        <button
          type="submit"
          class="primary"
          disabled={!connected || (draft.trim() === "" && attachments.length === 0)}
        >
          Send
        </button>
      </div>
    </form>
  );
}

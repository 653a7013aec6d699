/** One chat item: a message bubble, a tool card, a compaction summary or a notice. */
import { Markdown } from "../markdown/markdown-view.js";
import type { ChatItem } from "./chat-items.js";

const MAX_RESULT_CHARS = 20_000;

function pretty(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

function clip(text: string): string {
  return text.length > MAX_RESULT_CHARS
    ? `${text.slice(0, MAX_RESULT_CHARS)}\n… (${text.length - MAX_RESULT_CHARS} more characters)`
    : text;
}

function ToolCard({ item }: { item: Extract<ChatItem, { kind: "tool" }> }) {
  const statusLabel = item.status === "running" ? "running" : item.status === "error" ? "failed" : "done";
  return (
    <details class={`tool-card tool-${item.status}`}>
      <summary>
        <span class="tool-icon" aria-hidden="true">
          ⚙
        </span>
        <span class="tool-name">{item.name}</span>
        <span class={`badge badge-${item.status}`}>{statusLabel}</span>
      </summary>
      <div class="tool-body">
        <h4>Arguments</h4>
        <pre class="tool-args">{clip(pretty(item.args))}</pre>
        {item.result !== undefined && (
          <>
            <h4>Result</h4>
            <pre class="tool-result">{clip(item.result)}</pre>
          </>
        )}
      </div>
    </details>
  );
}

export function ChatItemView({ item }: { item: ChatItem }) {
  switch (item.kind) {
    case "user":
      return (
        <div class="msg msg-user">
          <div class="bubble">
            {item.images && (
              <div class="msg-images">
                {item.images.map((image, i) => (
                  <img
                    // Images of one message never reorder: the index is a stable key.
                    key={i}
                    src={`data:${image.mimeType};base64,${image.data}`}
                    alt={`Attachment ${i + 1} of this message`}
                  />
                ))}
              </div>
            )}
            {item.text && <Markdown text={item.text} />}
          </div>
        </div>
      );
    case "assistant":
      return (
        <div class={`msg msg-assistant${item.streaming ? " streaming" : ""}`} aria-busy={item.streaming}>
          {item.thinking && (
            <details class="thinking">
              <summary>Thinking</summary>
              <div class="thinking-body">{item.thinking}</div>
            </details>
          )}
          {item.text && (
            <div class="bubble">
              <Markdown text={item.text} />
            </div>
          )}
        </div>
      );
    case "tool":
      return <ToolCard item={item} />;
    case "summary":
      return (
        <details class="summary-card">
          <summary>Earlier messages were compacted — summary</summary>
          <Markdown text={item.text} />
        </details>
      );
    case "notice":
      return (
        <p class={`notice notice-${item.tone}`} role={item.tone === "error" ? "alert" : "status"}>
          {item.text}
        </p>
      );
    default:
      return null;
  }
}

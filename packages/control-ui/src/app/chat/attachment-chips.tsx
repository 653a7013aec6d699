/** The files waiting to go with the next message: a chip each, with a preview for images and a remove button. */
import { useEffect, useMemo } from "preact/hooks";
import { formatBytes, type PendingAttachment } from "./attachments.js";
import { FileIcon } from "./icons.js";

function Preview({ attachment }: { attachment: PendingAttachment }) {
  const url = useMemo(
    () =>
      attachment.kind === "image" && attachment.file instanceof Blob
        ? URL.createObjectURL(attachment.file)
        : undefined,
    [attachment],
  );
  useEffect(() => () => url && URL.revokeObjectURL(url), [url]);
  return url ? <img class="chip-preview" src={url} alt="" /> : <FileIcon />;
}

export function AttachmentChips({
  attachments,
  onRemove,
}: {
  attachments: readonly PendingAttachment[];
  onRemove(id: string): void;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul class="attachment-chips" aria-label="Attached files">
      {attachments.map((attachment) => (
        <li key={attachment.id} class="chip">
          <Preview attachment={attachment} />
          <span class="chip-name">{attachment.file.name}</span>
          <span class="chip-size">{formatBytes(attachment.file.size)}</span>
          <button
            type="button"
            class="chip-remove"
            aria-label={`Remove ${attachment.file.name}`}
            onClick={() => onRemove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

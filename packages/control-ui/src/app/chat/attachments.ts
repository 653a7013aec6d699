/**
 * Files picked, pasted or dropped into the composer, before they are sent: checked against the
 * gateway's limits (hello-ok `policy.attachments`) so a person hears at once that a file is too
 * big, and turned into `chat.send` attachments (base64) when the message goes.
 */
import type { MethodParams } from "@claw/client/browser";

export type WireAttachment = NonNullable<MethodParams<"chat.send">["attachments"]>[number];

/** The gateway's limits; OpenClaw's defaults until hello-ok says otherwise. */
export interface AttachmentLimits {
  maxBytes: number;
  maxImageBytes: number;
  maxCount: number;
}

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxBytes: 19_464_192,
  maxImageBytes: 6 * 1024 * 1024,
  maxCount: 8,
};

/** Image formats models read; other images are sent as files. */
const MODEL_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The part of a File the composer needs (a File, or a stand-in in tests). */
export interface PickedFile {
  name: string;
  type: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface PendingAttachment {
  id: string;
  file: PickedFile;
  kind: "image" | "file";
}

/** 900 → "900 B", 2_048 → "2.0 KB", 6_291_456 → "6.0 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function kindOf(file: Pick<PickedFile, "type">): "image" | "file" {
  return MODEL_IMAGE_TYPES.includes(file.type) ? "image" : "file";
}

/**
 * Adds files to the pending list; says why each refused one was refused (too big, too many).
 *
 * @example
 * addAttachments([], [photo], DEFAULT_ATTACHMENT_LIMITS, () => "a1");
 * // { pending: [{ id: "a1", file: photo, kind: "image" }], problems: [] }
 */
export function addAttachments(
  pending: readonly PendingAttachment[],
  files: readonly PickedFile[],
  limits: AttachmentLimits,
  newId: () => string,
): { pending: PendingAttachment[]; problems: string[] } {
  const next = [...pending];
  const problems: string[] = [];
  let total = pending.reduce((sum, a) => sum + a.file.size, 0);
  for (const file of files) {
    const kind = kindOf(file);
    const max = kind === "image" ? limits.maxImageBytes : limits.maxBytes;
    if (next.length >= limits.maxCount)
      problems.push(`${file.name}: at most ${limits.maxCount} files per message`);
    else if (file.size === 0) problems.push(`${file.name} is empty`);
    else if (file.size > max)
      problems.push(
        `${file.name} is ${formatBytes(file.size)}; the limit for ${kind === "image" ? "an image" : "a file"} is ${formatBytes(max)}`,
      );
    else if (total + file.size > limits.maxBytes)
      problems.push(`${file.name}: the files of one message may add up to ${formatBytes(limits.maxBytes)}`);
    else {
      total += file.size;
      next.push({ id: newId(), file, kind });
    }
  }
  return { pending: next, problems };
}

/** Base64 of bytes, in chunks (a spread of a whole large file would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The wire attachment of a pending file. */
export async function toWireAttachment(attachment: PendingAttachment): Promise<WireAttachment> {
  const { file, kind } = attachment;
  const bytes = new Uint8Array(await file.arrayBuffer());
  return {
    type: kind,
    mimeType: file.type || "application/octet-stream",
    fileName: file.name || (kind === "image" ? "pasted-image.png" : "file"),
    sizeBytes: bytes.length,
    content: toBase64(bytes),
  };
}

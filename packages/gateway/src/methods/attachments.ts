/**
 * `chat.send` and `agent` attachments from the wire → checked attachments for the runtime. Refuses, with an
 * error naming the attachment and what to do, anything it cannot pass on safely: an unknown
 * type, content that is not base64, a size over the limits (or unlike the declared `sizeBytes`),
 * too many files, or a file name that is a path. Nothing is accepted when one attachment fails.
 */
import type { ChatAttachment } from "@claw/protocol";
import type { GatewayLimits } from "../limits.js";
import { type MessageAttachment, RuntimeError } from "../runtime.js";

/** Image formats a model can read; the runtime checks the bytes match. */
export const IMAGE_MIME_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:([^;,]*)(?:;[^,]*)?;base64,/;
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const MAX_NAME_LENGTH = 200;

type Limits = Pick<GatewayLimits, "maxAttachments" | "maxAttachmentBytes" | "maxImageBytes">;

/** The method the attachments came with, named in every refusal. */
type AttachmentMethod = "chat.send" | "agent";

type Refuse = (index: number, message: string, extra?: Record<string, unknown>) => never;

/** Throws the refusal of one attachment, naming the method, the attachment and the fix. */
const refuseFor =
  (method: AttachmentMethod): Refuse =>
  (index, message, extra = {}) => {
    throw new RuntimeError("INVALID", `${method}: attachments[${index}] ${message}. Nothing was accepted.`, {
      code: "INVALID_ATTACHMENT",
      index,
      ...extra,
    });
  };

/** 512 → "512 bytes", 2_048 → "2.0 KiB", 6_291_456 → "6.0 MiB". */
function mib(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Why `name` is not a plain file name, or undefined when it is one. */
export function fileNameProblem(name: string): string | undefined {
  if (name.trim() === "") return "is empty";
  if (name.length > MAX_NAME_LENGTH) return `is longer than ${MAX_NAME_LENGTH} characters`;
  if (name === "." || name === "..") return "is not a file name";
  if (/[/\\]/.test(name)) return "contains a folder separator";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(name)) return "contains control characters";
  return undefined;
}

function decodeContent(
  refuse: Refuse,
  index: number,
  content: unknown,
): { bytes: Buffer; dataUrlType?: string } {
  if (typeof content !== "string" || content === "")
    refuse(index, "has no content: send the file's bytes as a base64 string");
  const dataUrl = DATA_URL.exec(content);
  const base64 = (dataUrl ? content.slice(dataUrl[0].length) : content).replace(/\s+/g, "");
  if (base64.length % 4 === 1 || !BASE64.test(base64))
    refuse(index, "content is not base64: encode the file's bytes as base64 (or a data: URL)");
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) refuse(index, "is empty");
  return { bytes, ...(dataUrl?.[1] ? { dataUrlType: dataUrl[1].toLowerCase() } : {}) };
}

function kindOf(
  refuse: Refuse,
  index: number,
  attachment: ChatAttachment,
  mimeType: string,
): "image" | "file" {
  const declared = attachment.type?.toLowerCase();
  if (declared === "image" || declared === "file") return declared;
  if (declared === undefined || declared === "") return mimeType.startsWith("image/") ? "image" : "file";
  return refuse(index, `has type "${attachment.type}", which is not supported: send "image" or "file"`, {
    type: attachment.type,
  });
}

/**
 * Checks and decodes the attachments of one message (none → an empty list).
 *
 * @example
 * const attachments = checkAttachments(params.attachments, ctx.limits);
 * // [{ kind: "image", mimeType: "image/png", fileName: "photo.png", bytes: <Buffer 89 50 4e 47 …> }]
 */
export function checkAttachments(
  list: readonly ChatAttachment[] | undefined,
  limits: Limits,
  method: AttachmentMethod = "chat.send",
): MessageAttachment[] {
  if (!list || list.length === 0) return [];
  const refuse = refuseFor(method);
  if (list.length > limits.maxAttachments)
    throw new RuntimeError(
      "INVALID",
      `${method}: ${list.length} attachments, above the limit of ${limits.maxAttachments} per message. Nothing was accepted: send them over several messages.`,
      { code: "INVALID_ATTACHMENT", count: list.length, maxAttachments: limits.maxAttachments },
    );
  let total = 0;
  return list.map((attachment, index) => {
    const { bytes, dataUrlType } = decodeContent(refuse, index, attachment.content);
    const mimeType = (attachment.mimeType ?? dataUrlType ?? "application/octet-stream").toLowerCase().trim();
    if (!MIME.test(mimeType))
      refuse(index, `has mimeType "${attachment.mimeType}", which is not a media type`);
    const kind = kindOf(refuse, index, attachment, mimeType);
    if (kind === "image" && !IMAGE_MIME_TYPES.includes(mimeType))
      refuse(index, `is an image of type "${mimeType}": send PNG, JPEG, GIF or WebP, or send it as a file`, {
        mimeType,
      });
    if (attachment.sizeBytes !== undefined && attachment.sizeBytes !== bytes.length)
      refuse(
        index,
        `says it is ${attachment.sizeBytes} bytes but its content is ${bytes.length}: it was cut off`,
      );
    const max = kind === "image" ? limits.maxImageBytes : limits.maxAttachmentBytes;
    if (bytes.length > max)
      refuse(
        index,
        `is ${mib(bytes.length)}, above the ${mib(max)} limit for ${kind === "image" ? "an image" : "a file"}`,
        {
          bytes: bytes.length,
          maxBytes: max,
        },
      );
    total += bytes.length;
    if (total > limits.maxAttachmentBytes)
      refuse(
        index,
        `brings the message's attachments to ${mib(total)}, above the ${mib(limits.maxAttachmentBytes)} limit`,
        {
          bytes: total,
          maxBytes: limits.maxAttachmentBytes,
        },
      );
    const fileName = attachment.fileName ?? `${kind}-${index + 1}`;
    const problem = fileNameProblem(fileName);
    if (problem) refuse(index, `fileName ${JSON.stringify(fileName)} ${problem}: send a plain file name`);
    return { kind, mimeType, fileName, bytes };
  });
}

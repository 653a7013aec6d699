/**
 * What a run gets from the files sent with a `chat.send` message. Images go to the model as image
 * content when the session's model reads images; every other file (and an image the model cannot
 * read) is saved to the agent's workspace `inbox/` under a safe, unique name, and the message
 * gets a line naming it, as chat channels do for their media: `[file attached: inbox/…]`.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import { type MessageAttachment, RuntimeError } from "@claw/gateway";
import type { ImageContent } from "@claw/providers";
import { inspectImage } from "@claw/tools";

/** The workspace folder files sent in chat are saved to. */
export const INBOX_DIR = "inbox";

export interface PreparedAttachments {
  /** The message with a line per saved file. */
  message: string;
  /** Images for a model that reads them. */
  images: ImageContent[];
  /** Workspace-relative paths of the saved files. */
  saved: string[];
}

export interface AttachmentTarget {
  workspaceDir: string;
  /** Whether the model this message's run uses reads images. */
  acceptsImages: boolean;
  now?: Date;
}

/**
 * A file name that is safe on every file system and unique in the inbox:
 * `20261125-013000-a1b2c3-Holiday_photo.png`.
 */
export function inboxFileName(fileName: string, now: Date, random = randomBytes(3).toString("hex")): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const cleaned = fileName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._() -]+/gu, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(-100);
  return `${stamp}-${random}-${cleaned || "file"}`;
}

/** Writes `bytes` to a new file (never over an existing one) and syncs it before returning. */
async function writeNewFile(path: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(path, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Checks each image's bytes, then saves files to the inbox and collects images for the model.
 *
 * @example
 * const prepared = await prepareAttachments("what is this?", attachments, { workspaceDir, acceptsImages: true });
 * // { message: "what is this?", images: [{ type: "image", data: "iVBOR…", mimeType: "image/png" }], saved: [] }
 */
export async function prepareAttachments(
  text: string,
  attachments: readonly MessageAttachment[],
  target: AttachmentTarget,
): Promise<PreparedAttachments> {
  const images: ImageContent[] = [];
  const toSave: { attachment: MessageAttachment; kind: string }[] = [];
  for (const [index, attachment] of attachments.entries()) {
    if (attachment.kind === "file") {
      toSave.push({ attachment, kind: "file" });
      continue;
    }
    const info = inspectImage(attachment.bytes);
    if (!info)
      throw new RuntimeError(
        "INVALID",
        `attachments[${index}] (${attachment.fileName}) says it is ${attachment.mimeType}, but its bytes are not a PNG, JPEG, GIF or WebP image. Nothing was accepted: send it as a file instead.`,
        { code: "INVALID_ATTACHMENT", index },
      );
    if (target.acceptsImages)
      images.push({
        type: "image",
        data: Buffer.from(attachment.bytes).toString("base64"),
        mimeType: info.mimeType,
      });
    else toSave.push({ attachment, kind: "image" });
  }
  const saved: string[] = [];
  const lines: string[] = [];
  if (toSave.length > 0) {
    const inbox = resolve(target.workspaceDir, INBOX_DIR);
    await mkdir(inbox, { recursive: true });
    for (const { attachment, kind } of toSave) {
      const path = resolve(inbox, inboxFileName(attachment.fileName, target.now ?? new Date()));
      // The name is already plain; this keeps the guarantee even if that ever changes.
      if (!path.startsWith(inbox + sep)) throw new Error(`attachment path escapes the inbox: ${path}`);
      await writeNewFile(path, attachment.bytes);
      const shown = relative(target.workspaceDir, path).split(sep).join("/");
      saved.push(shown);
      lines.push(
        kind === "image"
          ? `[image attached: ${shown} — this model does not read images]`
          : `[file attached: ${shown} (${attachment.mimeType}, ${attachment.bytes.length} bytes)]`,
      );
    }
  }
  return { message: [text, ...lines].filter((line) => line.trim() !== "").join("\n"), images, saved };
}

/** Where files of `agentId`'s messages go: its workspace. */
export function workspaceOf(
  agents: readonly { definition: { id: string }; workspaceDir: string }[],
  agentId: string,
): string {
  const agent = agents.find((a) => a.definition.id === agentId);
  if (!agent)
    throw new RuntimeError("INVALID", `attachments: no workspace for agent "${agentId}"`, {
      code: "UNKNOWN_AGENT_ID",
    });
  return agent.workspaceDir;
}

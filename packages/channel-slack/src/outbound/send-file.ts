/**
 * Files out: Slack's external upload flow (`files.getUploadURLExternal`, the upload, then
 * `files.completeUploadExternal` into the channel or thread) through `@slack/web-api`'s
 * `files.uploadV2`, with an optional comment posted with the file.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { ChannelTarget, SendResult } from "@claw/channels";
import { ChannelSendError } from "@claw/channels";
import type { SlackApi } from "../api/slack-api.js";
import { escapeMrkdwn } from "../format/markdown-to-mrkdwn.js";

export interface OutboundFile {
  /** A local file to upload… */
  path?: string;
  /** …or the bytes themselves. */
  content?: Uint8Array;
  filename?: string;
  title?: string;
  /** Posted with the file, as plain text. */
  comment?: string;
}

/** The thread a target posts into: its thread, else the message it replies to. */
export const threadTsOf = (target: ChannelTarget): string | undefined =>
  target.thread?.id ?? target.replyToMessageId;

/**
 * @example
 * await sendSlackFile(api, { peer: { kind: "direct", id: "D1" } }, { path: "./report.pdf", comment: "Here it is" });
 */
export async function sendSlackFile(
  api: SlackApi,
  target: ChannelTarget,
  file: OutboundFile,
): Promise<SendResult> {
  if (!file.path && !file.content)
    throw new ChannelSendError("rejected", "slack files.uploadV2: give a file path or its content");
  const content =
    file.content ??
    (await readFile(file.path as string).catch((error: unknown) => {
      throw new ChannelSendError(
        "rejected",
        `slack files.uploadV2: cannot read ${file.path}: ${String(error)}`,
      );
    }));
  const filename = file.filename ?? (file.path ? basename(file.path) : "file");
  const threadTs = threadTsOf(target);
  const result = await api.call<{ files?: { files?: { id?: string }[] }[] }>(
    "files.uploadV2",
    {
      channel_id: target.peer.id,
      file: Buffer.from(content),
      filename,
      ...(file.title ? { title: file.title } : {}),
      ...(file.comment ? { initial_comment: escapeMrkdwn(file.comment) } : {}),
      ...(threadTs ? { thread_ts: threadTs } : {}),
    },
    target.peer.id,
  );
  const id = result.files?.[0]?.files?.[0]?.id;
  if (!id) throw new ChannelSendError("rejected", "slack files.uploadV2: Slack returned no file id");
  return { messageId: id };
}

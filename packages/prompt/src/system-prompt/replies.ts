/** Reply tags, silent replies, heartbeats and per-channel messaging hints. */
import { oneLine } from "../text.js";
import type { ChannelInfo } from "./types.js";

/** The whole reply when there is nothing to say; the gateway drops it before delivery. */
export const SILENT_REPLY_TOKEN = "NO_REPLY";
/** The whole reply to a heartbeat poll when nothing needs attention. */
export const HEARTBEAT_OK_TOKEN = "HEARTBEAT_OK";

export function repliesSection(replyTags: boolean): string {
  const lines: string[] = [];
  if (replyTags) {
    lines.push(
      "## Reply Tags",
      "To answer a specific message as a reply, start your reply with [[reply_to_current]]; the tag is removed before sending.",
      "",
    );
  }
  lines.push(
    "## Silent Replies",
    `When there is nothing useful to say (for example, after a tool already delivered the message), reply with exactly ${SILENT_REPLY_TOKEN} and nothing else.`,
    `Never add ${SILENT_REPLY_TOKEN} to a real reply.`,
  );
  return lines.join("\n");
}

const DEFAULT_HEARTBEAT_PROMPT =
  "A heartbeat is a periodic check-in from the scheduler. Read HEARTBEAT.md if it exists and follow its checklist.";

export function heartbeatSection(heartbeatPrompt: string | undefined): string {
  return [
    "## Heartbeats",
    oneLine(heartbeatPrompt ?? "") || DEFAULT_HEARTBEAT_PROMPT,
    `If nothing needs attention, reply with exactly ${HEARTBEAT_OK_TOKEN}. If something does, reply with the alert instead and leave ${HEARTBEAT_OK_TOKEN} out.`,
  ].join("\n");
}

/** One hint per channel capability, in this order; unknown capabilities only appear in the runtime line. */
export const CAPABILITY_HINTS: ReadonlyArray<readonly [capability: string, hint: string]> = [
  ["markdown", "Markdown is rendered: use short paragraphs, lists and code blocks."],
  ["plainText", "Markdown is not rendered: write plain text without markup."],
  [
    "inlineButtons",
    "Inline buttons are supported: offer choices with the message tool's `buttons` parameter.",
  ],
  [
    "reactions",
    "Reactions are supported: use the `reaction` parameter to acknowledge instead of sending a short reply.",
  ],
  ["threads", "Threads are supported: keep replies in the thread the message came from."],
  ["media", "Images and files can be sent as attachments with the message tool."],
  ["polls", "Polls are supported with the message tool's `poll` parameter."],
  ["edits", "Sent messages can be edited; prefer editing a status message over sending a new one."],
  ["voice", "Voice notes are supported; keep spoken replies short."],
];

export function messagingSection(channel: ChannelInfo | undefined): string | undefined {
  const id = oneLine(channel?.id ?? "");
  if (!id) return undefined;
  const capabilities = new Set(channel?.capabilities ?? []);
  const hints = CAPABILITY_HINTS.filter(([capability]) => capabilities.has(capability)).map(
    ([, hint]) => `- ${hint}`,
  );
  return [
    "## Messaging",
    `You are replying on ${id}. Your reply text is delivered to the current conversation automatically.`,
    "Use the message tool only to reach another conversation or channel.",
    ...hints,
  ].join("\n");
}

/**
 * Exec approvals asked from a chat: when a channel session's command needs a person, the command
 * is shown with three buttons (allow once, always allow, deny) to someone who may decide — the
 * agent's owners and the account's approvers (`approval-deciders.ts`), never the requester as
 * such. The requester is a decider: the prompt goes to their chat. Otherwise it goes to each
 * decider's DM on that channel, and the requester's chat reads "waiting for the owner" without
 * buttons. A press by anyone else changes nothing. Every message is edited to the outcome without
 * buttons (also when the CLI, the Control UI or the timeout decided). The broker is injected
 * (`resolve`), so any approval source fits.
 */

import type { AccountEdit, ActionAnswer, ChannelAction, ChannelTarget } from "../contract/channel.js";
import type { DeliverFn } from "../outbox/channel-outbox.js";
import type { OutboxMessageState } from "../outbox/outbox-store.js";
import { type ApprovalDeciders, decidersOn, mayDecideApproval, ONLY_THE_OWNER } from "./approval-deciders.js";

export type ApprovalChoice = "allow-once" | "allow-always" | "deny";

/** A pending approval as the prompt shows it. */
export interface ApprovalPromptRequest {
  id: string;
  command: string;
  reason?: string;
  sessionKey: string;
  expiresAtMs: number;
}

export interface ChatRoute {
  channel: string;
  accountId: string;
  target: ChannelTarget;
  /** Who wrote the message that started the session's run (absent: unknown, not a decider). */
  requester?: { id: string; isOwner?: boolean };
}

export interface ApprovalPromptsOptions {
  /** The chat a session's replies go to (undefined: not a channel session, no prompt). */
  routeOf(sessionKey: string): ChatRoute | undefined;
  /** Whether the account can show buttons now. */
  canShowButtons(channel: string, accountId: string): boolean;
  deliver: DeliverFn;
  /** Resolves when a queued message is sent (to learn the prompt's platform id). */
  settled(outboxId: number): Promise<OutboxMessageState>;
  edit: AccountEdit;
  /** Settles the approval; false when it was no longer pending. */
  resolve(id: string, choice: ApprovalChoice, resolvedBy: string): boolean;
  /** Who may decide the session's approvals from that channel account. */
  deciders(sessionKey: string, channel: string, accountId: string): ApprovalDeciders;
  now?: () => number;
  log?(level: "warn", message: string, fields?: Record<string, unknown>): void;
}

export interface ApprovalPrompts {
  /** Posts the prompt to a decider (and a notice to the requester); false when nothing was posted. */
  requested(request: ApprovalPromptRequest): Promise<boolean>;
  /** Edits the prompt to its outcome and removes the buttons. */
  resolved(id: string, choice: ApprovalChoice, cause: "user" | "timeout" | "run-aborted"): Promise<void>;
  /** Handles a press of a prompt button; undefined for presses that are not approval buttons. */
  action(
    channel: { id: string; accountId: string },
    action: ChannelAction,
  ): Promise<ActionAnswer | undefined>;
}

const PREFIX = "exec:";
/**
 * The outbox `source` prefix of approval prompts. Approvals do not survive a restart, so the
 * prompts a previous process left unsent are given up at start (`store.cancelPending`).
 */
export const APPROVAL_PROMPT_SOURCE = "approval:";
const NOT_PENDING = "This approval is no longer pending.";
const PROMPT_TITLE = "🔐 Approve this command?";
/** Approvals this process settled, remembered so a late press does not touch their final text. */
const REMEMBER_SETTLED = 1_000;
const CHOICES: Record<string, ApprovalChoice> = { once: "allow-once", always: "allow-always", deny: "deny" };
const OUTCOME: Record<ApprovalChoice, string> = {
  "allow-once": "✅ Allowed once",
  "allow-always": "✅ Always allowed",
  deny: "⛔ Denied",
};

const WAITING_TITLE = "⏳ Waiting for the owner to approve this command:";

/** The command a prompt shows, from the prompt's text as the platform returns it. */
export function commandOfPromptText(text: string): string {
  const lines = text.split("\n");
  if (lines[0] !== PROMPT_TITLE && lines[0] !== WAITING_TITLE) return text;
  let end = lines.length;
  if (/^Expires in \d+ s\.$/.test(lines[end - 1] ?? "")) end--;
  if (lines[end - 1]?.startsWith("Why: ")) end--;
  if (lines[end - 1]?.startsWith("From: ")) end--;
  if (lines[end - 1]?.startsWith("Decide with ")) end--;
  if (lines[end - 1] === "") end--;
  return lines.slice(2, end).join("\n");
}

const promptText = (request: ApprovalPromptRequest, seconds: number, from?: string) =>
  [
    PROMPT_TITLE,
    "",
    request.command,
    "",
    ...(from ? [`From: ${from}`] : []),
    ...(request.reason ? [`Why: ${request.reason}`] : []),
    `Expires in ${seconds} s.`,
  ].join("\n");

const waitingText = (request: ApprovalPromptRequest, seconds: number, ownerAsked: boolean) =>
  [
    WAITING_TITLE,
    "",
    request.command,
    "",
    ...(ownerAsked ? [] : ["Decide with `claw approvals` or in the Control UI."]),
    `Expires in ${seconds} s.`,
  ].join("\n");

const buttonsOf = (id: string) => [
  [
    { text: "Allow once", data: `${PREFIX}${id}:once` },
    { text: "Always allow", data: `${PREFIX}${id}:always` },
    { text: "Deny", data: `${PREFIX}${id}:deny` },
  ],
];

interface Posted {
  channel: string;
  accountId: string;
  target: Omit<ChannelTarget, "replyToMessageId">;
  messageId: Promise<string | undefined>;
}

/**
 * @example
 * const prompts = createApprovalPrompts({ routeOf: pipeline.replyRouteOf, deliver, settled: outbox.settled, … });
 * broker.subscribe((e) => e.type === "requested" ? prompts.requested(toPrompt(e.approval)) : prompts.resolved(e.id, e.decision, e.cause));
 */
export function createApprovalPrompts(options: ApprovalPromptsOptions): ApprovalPrompts {
  const now = options.now ?? Date.now;
  const shown = new Map<string, { sessionKey: string; command: string; posts: Posted[] }>();
  const settled = new Set<string>();

  const finish = async (id: string, line: string) => {
    const prompt = shown.get(id);
    if (!prompt) return;
    shown.delete(id);
    settled.add(id);
    if (settled.size > REMEMBER_SETTLED) settled.delete(settled.values().next().value as string);
    await Promise.all(
      prompt.posts.map(async (post) => {
        const messageId = await post.messageId;
        if (!messageId) return;
        await options
          .edit(post.channel, post.accountId, post.target, messageId, `${line}\n\n${prompt.command}`)
          .catch((error: unknown) =>
            options.log?.("warn", "approval prompt not updated", { id, error: String(error) }),
          );
      }),
    );
  };

  const post = async (
    id: string,
    at: { channel: string; accountId: string; target: Omit<ChannelTarget, "replyToMessageId"> },
    text: string,
    withButtons: boolean,
  ): Promise<Posted> => {
    const receipt = await options.deliver(
      {
        channel: at.channel,
        accountId: at.accountId,
        to: at.target.peer,
        ...(at.target.thread ? { thread: at.target.thread } : {}),
      },
      text,
      { source: `${APPROVAL_PROMPT_SOURCE}${id}`, ...(withButtons ? { buttons: buttonsOf(id) } : {}) },
    );
    const messageId =
      receipt.status === "queued"
        ? options.settled(receipt.outboxId).then((state) => state.chunks.at(-1)?.platformMessageId)
        : Promise.resolve(undefined);
    return { ...at, messageId };
  };

  return {
    async requested(request) {
      const route = options.routeOf(request.sessionKey);
      if (!route) return false;
      const { channel, accountId } = route;
      const { replyToMessageId: _notThreaded, ...target } = route.target;
      const seconds = Math.max(0, Math.round((request.expiresAtMs - now()) / 1000));
      const buttons = options.canShowButtons(channel, accountId);
      const deciders = options.deciders(request.sessionKey, channel, accountId);
      const requester = route.requester;
      const entry = { sessionKey: request.sessionKey, command: request.command, posts: [] as Posted[] };
      if (requester && mayDecideApproval(channel, requester.id, deciders)) {
        if (!buttons) return false;
        shown.set(request.id, entry);
        entry.posts.push(
          await post(request.id, { channel, accountId, target }, promptText(request, seconds), true),
        );
        return true;
      }
      // The requester may not decide: the prompt goes to the deciders' DMs on this channel.
      shown.set(request.id, entry);
      const from = requester ? `${channel}:${requester.id}` : undefined;
      const dms = buttons ? decidersOn(channel, deciders) : [];
      for (const id of dms)
        entry.posts.push(
          await post(
            request.id,
            { channel, accountId, target: { peer: { kind: "direct", id } } },
            promptText(request, seconds, from),
            true,
          ),
        );
      entry.posts.push(
        await post(
          request.id,
          { channel, accountId, target },
          waitingText(request, seconds, dms.length > 0),
          false,
        ),
      );
      return true;
    },

    resolved: (id, choice, cause) =>
      finish(
        id,
        cause === "user" ? OUTCOME[choice] : cause === "timeout" ? "⌛ Timed out: denied" : "⛔ Run stopped",
      ),

    async action(channel, action) {
      if (!action.data.startsWith(PREFIX)) return undefined;
      const [id, word] = action.data.slice(PREFIX.length).split(":");
      const choice = word ? CHOICES[word] : undefined;
      if (!id || !choice) return { text: "Unknown approval button." };
      const prompt = shown.get(id);
      if (prompt) {
        const deciders = options.deciders(prompt.sessionKey, channel.id, channel.accountId);
        if (!mayDecideApproval(channel.id, action.sender.id, deciders)) return { text: ONLY_THE_OWNER };
        const by = `${channel.id}:${action.sender.username ? `@${action.sender.username}` : action.sender.id}`;
        if (options.resolve(id, choice, by)) return { text: OUTCOME[choice] };
        return { text: NOT_PENDING };
      }
      // A prompt from before a restart (its approval died with the old process): its buttons go.
      if (!settled.has(id) && action.messageText !== undefined)
        await options
          .edit(
            channel.id,
            channel.accountId,
            { peer: action.peer, ...(action.thread ? { thread: action.thread } : {}) },
            action.messageId,
            `⌛ No longer pending\n\n${commandOfPromptText(action.messageText)}`,
          )
          .catch((error: unknown) =>
            options.log?.("warn", "stale approval prompt not updated", { id, error: String(error) }),
          );
      return { text: NOT_PENDING };
    },
  };
}

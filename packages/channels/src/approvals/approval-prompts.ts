/**
 * Exec approvals in the chat a run came from: when a channel session's command needs a person,
 * the chat gets the command with three buttons (allow once, always allow, deny); a press by
 * someone allowed to decide resolves it, and the prompt is edited to show the outcome without
 * buttons (also when the CLI, the Control UI or the timeout decided). Who may decide: in a
 * direct chat its own person; in a group only senders named (not `*`) in the group's or the
 * account's `allowFrom`. The broker itself is injected (`resolve`), so any approval source fits.
 */

import { type AccessSettings, senderAllowed } from "../access/access-policy.js";
import type { AccountEdit, ActionAnswer, ChannelAction, ChannelTarget } from "../contract/channel.js";
import type { DeliverFn } from "../outbox/channel-outbox.js";
import type { OutboxMessageState } from "../outbox/outbox-store.js";

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
  access(channel: string, accountId: string): AccessSettings;
  now?: () => number;
  log?(level: "warn", message: string, fields?: Record<string, unknown>): void;
}

export interface ApprovalPrompts {
  /** Posts the prompt to the session's chat; false when the session has no chat with buttons. */
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

/** Whether `action`'s sender may decide an approval in that chat. */
export function mayDecideApproval(action: ChannelAction, settings: AccessSettings): boolean {
  if (action.peer.kind === "direct") return action.sender.id === action.peer.id;
  const group = settings.groups?.[action.peer.id] ?? settings.groups?.["*"];
  const named = [...(group?.allowFrom ?? []), ...(settings.allowFrom ?? [])].filter((e) => e.trim() !== "*");
  return senderAllowed(named, action.sender);
}

/** The command a prompt shows, from the prompt's text as the platform returns it. */
export function commandOfPromptText(text: string): string {
  const lines = text.split("\n");
  if (lines[0] !== PROMPT_TITLE) return text;
  let end = lines.length;
  if (/^Expires in \d+ s\.$/.test(lines[end - 1] ?? "")) end--;
  if (lines[end - 1]?.startsWith("Why: ")) end--;
  if (lines[end - 1] === "") end--;
  return lines.slice(2, end).join("\n");
}

const promptText = (request: ApprovalPromptRequest, seconds: number) =>
  [
    PROMPT_TITLE,
    "",
    request.command,
    "",
    ...(request.reason ? [`Why: ${request.reason}`] : []),
    `Expires in ${seconds} s.`,
  ].join("\n");

/**
 * @example
 * const prompts = createApprovalPrompts({ routeOf: pipeline.replyRouteOf, deliver, settled: outbox.settled, … });
 * broker.subscribe((e) => e.type === "requested" ? prompts.requested(toPrompt(e.approval)) : prompts.resolved(e.id, e.decision, e.cause));
 */
export function createApprovalPrompts(options: ApprovalPromptsOptions): ApprovalPrompts {
  const now = options.now ?? Date.now;
  const shown = new Map<string, ChatRoute & { command: string; messageId: Promise<string | undefined> }>();
  const settled = new Set<string>();

  const finish = async (id: string, line: string) => {
    const prompt = shown.get(id);
    if (!prompt) return;
    shown.delete(id);
    settled.add(id);
    if (settled.size > REMEMBER_SETTLED) settled.delete(settled.values().next().value as string);
    const messageId = await prompt.messageId;
    if (!messageId) return;
    await options
      .edit(prompt.channel, prompt.accountId, prompt.target, messageId, `${line}\n\n${prompt.command}`)
      .catch((error: unknown) =>
        options.log?.("warn", "approval prompt not updated", { id, error: String(error) }),
      );
  };

  return {
    async requested(request) {
      const route = options.routeOf(request.sessionKey);
      if (!route || !options.canShowButtons(route.channel, route.accountId)) return false;
      const { replyToMessageId: _notThreaded, ...target } = route.target;
      const seconds = Math.max(0, Math.round((request.expiresAtMs - now()) / 1000));
      const receipt = await options.deliver(
        {
          channel: route.channel,
          accountId: route.accountId,
          to: target.peer,
          ...(target.thread ? { thread: target.thread } : {}),
        },
        promptText(request, seconds),
        {
          source: `${APPROVAL_PROMPT_SOURCE}${request.id}`,
          buttons: [
            [
              { text: "Allow once", data: `${PREFIX}${request.id}:once` },
              { text: "Always allow", data: `${PREFIX}${request.id}:always` },
              { text: "Deny", data: `${PREFIX}${request.id}:deny` },
            ],
          ],
        },
      );
      const messageId =
        receipt.status === "queued"
          ? options.settled(receipt.outboxId).then((state) => state.chunks.at(-1)?.platformMessageId)
          : Promise.resolve(undefined);
      shown.set(request.id, { ...route, target, command: request.command, messageId });
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
      if (!mayDecideApproval(action, options.access(channel.id, channel.accountId)))
        return { text: "You may not decide approvals in this chat." };
      const by = `${channel.id}:${action.sender.username ? `@${action.sender.username}` : action.sender.id}`;
      if (!options.resolve(id, choice, by)) {
        // A prompt from before a restart (its approval died with the old process): its buttons go.
        if (!shown.has(id) && !settled.has(id) && action.messageText !== undefined)
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
      }
      return { text: OUTCOME[choice] };
    },
  };
}

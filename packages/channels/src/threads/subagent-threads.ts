/**
 * Subagent threads on any channel that can open one: `bind` opens a thread named
 * `Subagent: <label|agentId>` in the chat the requester last talked on and binds it to the child
 * session; `announce` posts the child's result there through the durable outbox, recording the
 * receipt in the same transaction (so a restart never posts it twice). The app hands these to
 * agent-core's subagent registry; this package never imports the runtime.
 */
import type { Channel, ChannelPeer, ChannelTarget } from "../contract/channel.js";
import type { DeliverFn } from "../outbox/channel-outbox.js";
import type { ThreadBinding, ThreadBindingMode, ThreadBindingStore } from "./thread-bindings.js";

/** The chat a session talks on (the channels' last route). */
export interface SessionChat {
  channel: string;
  accountId: string;
  peer: ChannelPeer;
  thread?: ChannelTarget["thread"];
}

export interface SubagentThreadsOptions {
  bindings: ThreadBindingStore;
  /** The running channel account, or undefined when it is not running. */
  channelOf(channel: string, accountId: string): Pick<Channel, "capabilities" | "createThread"> | undefined;
  /** Where a session's conversation is (the chat its latest inbound message came from). */
  chatOf(sessionKey: string): SessionChat | undefined;
  deliver: DeliverFn;
  now?: () => number;
}

export interface SubagentThreadRequest {
  runId: string;
  childSessionKey: string;
  requesterSessionKey: string;
  agentId: string;
  label?: string;
  mode: ThreadBindingMode;
}

/** Where an announce went: into the thread now, already (a receipt exists), or nowhere (not bound). */
export type ThreadAnnounceOutcome = "posted" | "already" | "unbound";

export interface SubagentThreads {
  /** Opens a thread in the requester's chat and binds it to the child session; throws an error a person can act on. */
  bind(request: SubagentThreadRequest): Promise<ThreadBinding>;
  /** Posts a bound child's result in its thread (exactly once, across restarts). */
  announce(childSessionKey: string, text: string): Promise<ThreadAnnounceOutcome>;
  /** Whether a live binding keeps the session (so it is not archived). */
  keepsSession(sessionKey: string): boolean;
}

/** The thread's title: `Subagent: <label|agentId>`, as OpenClaw names them. */
export function subagentThreadName(request: Pick<SubagentThreadRequest, "label" | "agentId">): string {
  return `Subagent: ${request.label?.trim() || request.agentId}`;
}

/**
 * @example
 * const threads = createSubagentThreads({ bindings, channelOf: manager.running, chatOf: (key) => lastRoutes.get(key), deliver: outbox.deliver });
 * await threads.bind({ runId, childSessionKey, requesterSessionKey: "agent:main:discord:channel:12", agentId: "main", mode: "session" });
 */
export function createSubagentThreads(options: SubagentThreadsOptions): SubagentThreads {
  const { bindings } = options;
  const now = options.now ?? Date.now;
  return {
    async bind(request) {
      const chat = options.chatOf(request.requesterSessionKey);
      if (!chat)
        throw new Error(
          `thread: true needs a chat to open the thread in, but session ${request.requesterSessionKey} has not talked on a chat channel (spawn from a Discord channel, or leave thread out)`,
        );
      const where = `${chat.channel} account "${chat.accountId}"`;
      const channel = options.channelOf(chat.channel, chat.accountId);
      if (!channel)
        throw new Error(
          `thread: true: the ${where} is not running, so no thread can be opened; try again once it is`,
        );
      if (!channel.capabilities.threads || !channel.createThread)
        throw new Error(
          `thread: true: ${chat.channel} cannot open threads; spawn without thread (the result then comes back to this conversation)`,
        );
      let threadId: string;
      try {
        ({ threadId } = await channel.createThread(chat.peer, subagentThreadName(request)));
      } catch (error) {
        throw new Error(
          `thread: true: could not open a thread in ${chat.channel} ${chat.peer.kind}:${chat.peer.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const binding = {
        channel: chat.channel,
        accountId: chat.accountId,
        parentPeer: chat.peer,
        threadId,
        sessionKey: request.childSessionKey,
        agentId: request.agentId,
        requesterSessionKey: request.requesterSessionKey,
        runId: request.runId,
        mode: request.mode,
        ...(request.label ? { label: request.label } : {}),
        createdAt: now(),
      };
      bindings.bind(binding);
      return binding;
    },

    async announce(childSessionKey, text) {
      const binding = bindings.ofSession(childSessionKey);
      if (!binding) return "unbound";
      if (binding.announcedAt !== undefined) return "already";
      // Unfocused before the result came: it goes back to the requester instead.
      if (binding.endedAt !== undefined) return "unbound";
      await options.deliver(
        {
          channel: binding.channel,
          accountId: binding.accountId,
          to: binding.parentPeer,
          thread: { kind: "thread", id: binding.threadId },
        },
        text,
        { source: `subagent:${binding.runId}`, within: () => bindings.markAnnounced(childSessionKey, now()) },
      );
      return "posted";
    },

    keepsSession(sessionKey) {
      const binding = bindings.ofSession(sessionKey);
      return binding !== undefined && binding.endedAt === undefined;
    },
  };
}

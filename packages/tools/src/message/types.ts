/**
 * What the `message` tool needs from the channel layer, as a narrow port the app implements
 * (the gateway: the channel outbox and the running accounts). Plain data, no channel imports.
 */

/** A chat on a channel account: `to` is the platform's chat id. */
export interface MessageTarget {
  channel: string;
  /** Omitted: the channel's default account. */
  accountId?: string;
  to: string;
  threadId?: string;
}

/** The conversation a session talks in, and whether a turn from it is being answered right now. */
export interface SessionConversation extends MessageTarget {
  /** True while the session is answering a message from this conversation (its reply is the normal path). */
  replying: boolean;
}

/** What a channel account can do; undefined from `capabilities` means no such account is configured. */
export interface MessageCapabilities {
  edits: boolean;
  reactions: boolean;
  maxTextLength: number;
}

export interface MessagePort {
  conversation(sessionKey: string): SessionConversation | undefined;
  capabilities(channel: string, accountId?: string): MessageCapabilities | undefined;
  /** Queues through the durable outbox; `messageId` once the platform has accepted it (when known in time). */
  send(
    target: MessageTarget,
    text: string,
  ): Promise<{ outboxId: number; chunks: number; messageId?: string }>;
  edit(target: MessageTarget, messageId: string, text: string): Promise<void>;
  /**
   * Queues the reaction through the durable outbox (retried on 429, resumed after a restart);
   * `delivered` when the platform took it within the port's short wait.
   */
  react(
    target: MessageTarget,
    messageId: string,
    emoji: string,
  ): Promise<{ outboxId: number; delivered: boolean }>;
}

import type { Message } from "@claw/providers";

/**
 * Turns messages into a summary. Injected, so this package never calls a provider itself: the
 * caller decides which model, credentials and failover to use.
 */
export type Summarizer = (
  messages: Message[],
  instructions: string,
  signal: AbortSignal | undefined,
) => Promise<string>;

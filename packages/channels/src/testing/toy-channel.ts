/**
 * A toy channel over an in-memory "platform": the smallest complete `Channel`, used by the
 * contract tests, the layer's own tests and benchmarks, and as the example of how to write one.
 */
import type { Channel, ChannelContext, ChannelInbound, ChannelTarget } from "../contract/channel.js";
import { ChannelSendError } from "../contract/errors.js";

/** The in-memory platform: people "type" messages into it; the bot's sends land in `sent`. */
export class ToyPlatform {
  readonly sent: { accountId: string; target: ChannelTarget; text: string; messageId: string }[] = [];
  /** Failures the next sends throw, in order (e.g. a 429 then a 502). */
  readonly failures: ChannelSendError[] = [];
  private readonly listeners = new Map<string, (m: ChannelInbound) => Promise<void>>();
  private nextId = 1;

  /** A person writes to the bot of `accountId`. */
  async type(
    accountId: string,
    message: Omit<ChannelInbound, "messageId"> & { messageId?: string },
  ): Promise<void> {
    const listener = this.listeners.get(accountId);
    if (!listener) throw new Error(`toy platform: bot ${accountId} is not connected`);
    await listener({ ...message, messageId: message.messageId ?? String(this.nextId++) });
  }

  connect(accountId: string, listener: (m: ChannelInbound) => Promise<void>): void {
    this.listeners.set(accountId, listener);
  }

  disconnect(accountId: string): void {
    this.listeners.delete(accountId);
  }

  deliver(accountId: string, target: ChannelTarget, text: string): string {
    const failure = this.failures.shift();
    if (failure) throw failure;
    const messageId = `out-${this.nextId++}`;
    this.sent.push({ accountId, target, text, messageId });
    return messageId;
  }
}

/**
 * @example
 * const platform = new ToyPlatform();
 * const channel = createToyChannel(platform, { accountId: "default" });
 * await channel.start(ctx);
 * await platform.type("default", { peer: { kind: "direct", id: "u1" }, sender: { id: "u1" }, text: "hi" });
 */
export function createToyChannel(
  platform: ToyPlatform,
  options: { accountId?: string; maxTextLength?: number; failStart?: string } = {},
): Channel {
  const accountId = options.accountId ?? "default";
  let ctx: ChannelContext | undefined;
  return {
    id: "toy",
    accountId,
    capabilities: {
      chatTypes: ["direct", "group"],
      maxTextLength: options.maxTextLength ?? 100,
      markdown: "plain",
      typing: true,
    },
    async start(context) {
      if (options.failStart) throw new Error(options.failStart);
      ctx = context;
      platform.connect(accountId, (m) => context.receive(m));
      context.setConnected(true);
    },
    async stop() {
      platform.disconnect(accountId);
      ctx = undefined;
    },
    async send(target, text) {
      if (!ctx) throw new ChannelSendError("unavailable", "toy channel is stopped");
      return { messageId: platform.deliver(accountId, target, text) };
    },
    async typing() {},
    async probe() {
      return { ok: true, detail: `toy bot ${accountId}` };
    },
  };
}

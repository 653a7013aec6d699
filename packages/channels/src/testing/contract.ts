/**
 * Contract checks every channel package runs against itself (and the toy channel runs here): a
 * channel that passes them works with routing, access, the outbox and supervision. They are
 * framework-free: each check throws a clear error; wrap them in your test runner.
 *
 * @example
 * for (const check of CHANNEL_CONTRACT_CHECKS) it(check.name, () => check.run(harness));
 */
import type { Channel, ChannelContext, ChannelInbound, ChannelTarget } from "../contract/channel.js";
import { ChannelSendError } from "../contract/errors.js";

/** How the checks drive a platform: build a channel, make a person write, see what the bot sent. */
export interface ChannelHarness {
  create(): Promise<Channel> | Channel;
  /** Makes the platform deliver a direct message with this text from a person to the bot. */
  inject(text: string): Promise<void>;
  /** Texts the platform received from the bot, in order. */
  sent(): Promise<string[]> | string[];
  /** A target the bot may send to. */
  target: ChannelTarget;
  /** Makes the platform answer the next send with a rate limit (omit when it cannot). */
  rateLimitNextSend?(retryAfterSeconds: number): void;
  cleanup?(): Promise<void>;
}

export interface ContractCheck {
  name: string;
  run(harness: ChannelHarness): Promise<void>;
}

function fail(message: string): never {
  throw new Error(`channel contract: ${message}`);
}

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`channel contract: ${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A context that records what the channel does. */
export function recordingContext(
  /** The account state; pass one map to several contexts to play a restart. */
  state = new Map<string, string>(),
): ChannelContext & {
  received: ChannelInbound[];
  connected: boolean;
  crashes: unknown[];
  nextMessage(): Promise<ChannelInbound>;
  abort(): void;
} {
  const controller = new AbortController();
  const waiting: ((m: ChannelInbound) => void)[] = [];
  const ctx = {
    received: [] as ChannelInbound[],
    connected: false,
    crashes: [] as unknown[],
    signal: controller.signal,
    abort: () => controller.abort(),
    async receive(message: ChannelInbound) {
      ctx.received.push(message);
      waiting.shift()?.(message);
    },
    state: { get: (k: string) => state.get(k), set: (k: string, v: string) => void state.set(k, v) },
    setConnected(connected: boolean) {
      ctx.connected = connected;
    },
    crashed(error: unknown) {
      ctx.crashes.push(error);
    },
    log() {},
    nextMessage: () => new Promise<ChannelInbound>((resolve) => waiting.push(resolve)),
  };
  return ctx;
}

async function started(harness: ChannelHarness) {
  const channel = await harness.create();
  const ctx = recordingContext();
  await within(5_000, "start()", channel.start(ctx));
  return { channel, ctx };
}

async function stopAll(harness: ChannelHarness, channel: Channel, ctx: { abort(): void }) {
  ctx.abort();
  await within(5_000, "stop()", channel.stop());
  await harness.cleanup?.();
}

export const CHANNEL_CONTRACT_CHECKS: readonly ContractCheck[] = [
  {
    name: "declares an id, an account and sane capabilities",
    async run(harness) {
      const channel = await harness.create();
      if (!/^[a-z][a-z0-9-]*$/.test(channel.id))
        fail(`id ${JSON.stringify(channel.id)} must be lower-case letters`);
      if (!channel.accountId) fail("accountId is empty");
      if (!(channel.capabilities.maxTextLength > 0)) fail("maxTextLength must be positive");
      if (channel.capabilities.chatTypes.length === 0) fail("chatTypes is empty");
      await harness.cleanup?.();
    },
  },
  {
    name: "starts, reports connected, and probes ok",
    async run(harness) {
      const { channel, ctx } = await started(harness);
      try {
        if (!ctx.connected) fail("start() resolved without ctx.setConnected(true)");
        const probe = await within(5_000, "probe()", channel.probe());
        if (!probe.ok) fail(`probe() failed: ${probe.error ?? "no error given"}`);
      } finally {
        await stopAll(harness, channel, ctx);
      }
    },
  },
  {
    name: "normalises an inbound message into the one shape",
    async run(harness) {
      const { channel, ctx } = await started(harness);
      try {
        const next = ctx.nextMessage();
        await harness.inject("hello contract");
        const message = await within(5_000, "an inbound message", next);
        if (message.text !== "hello contract")
          fail(`text ${JSON.stringify(message.text)} ≠ "hello contract"`);
        if (message.peer.kind !== "direct") fail(`peer.kind ${message.peer.kind} ≠ direct`);
        for (const [field, value] of [
          ["peer.id", message.peer.id],
          ["sender.id", message.sender.id],
          ["messageId", message.messageId],
        ] as const)
          if (typeof value !== "string" || value === "") fail(`${field} must be a non-empty string`);
      } finally {
        await stopAll(harness, channel, ctx);
      }
    },
  },
  {
    name: "sends a message of exactly maxTextLength and returns its id",
    async run(harness) {
      const { channel, ctx } = await started(harness);
      try {
        const text = "x".repeat(channel.capabilities.maxTextLength);
        const result = await within(5_000, "send()", channel.send(harness.target, text));
        if (!result.messageId) fail("send() returned no messageId");
        if (!(await harness.sent()).includes(text)) fail("the platform did not receive the text");
      } finally {
        await stopAll(harness, channel, ctx);
      }
    },
  },
  {
    name: "turns a platform rate limit into a retryable ChannelSendError with retryAfterMs",
    async run(harness) {
      if (!harness.rateLimitNextSend) return;
      const { channel, ctx } = await started(harness);
      try {
        harness.rateLimitNextSend(2);
        const error = await channel.send(harness.target, "limited").then(
          () => fail("send() succeeded despite the rate limit"),
          (e: unknown) => e,
        );
        if (!(error instanceof ChannelSendError))
          fail(`send() threw ${String(error)}, not a ChannelSendError`);
        if (error.kind !== "rate-limited" || error.options.retryAfterMs !== 2_000)
          fail(
            `expected rate-limited with retryAfterMs 2000, got ${error.kind} ${error.options.retryAfterMs}`,
          );
      } finally {
        await stopAll(harness, channel, ctx);
      }
    },
  },
  {
    name: "stops: no message is received after stop()",
    async run(harness) {
      const { channel, ctx } = await started(harness);
      await stopAll(harness, channel, { abort: () => ctx.abort() });
      const before = ctx.received.length;
      await harness.inject("after stop").catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (ctx.received.length !== before) fail("a message arrived after stop()");
    },
  },
];

/**
 * Polls `check` every 10 ms until it holds; throws naming `what` after `ms`.
 *
 * @example
 * await waitUntil(() => api.sent.length === 2, { what: "two replies" });
 */
export async function waitUntil(
  check: () => boolean,
  options: { ms?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + (options.ms ?? 10_000);
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? "a condition"}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

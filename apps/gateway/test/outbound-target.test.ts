import { describe, expect, it } from "vitest";
import { outboundTarget } from "../src/assemble/channels/outbound-target.js";
import { lateChannelDelivery, toChannelTarget } from "../src/assemble/cron-delivery.js";

describe("outbound targets from bare chat ids", () => {
  it("maps negative ids to groups and Telegram threads to forum topics", () => {
    expect(outboundTarget({ channel: "telegram", to: "-100", threadId: 9, replyToId: "5" })).toEqual({
      channel: "telegram",
      to: { kind: "group", id: "-100" },
      thread: { kind: "topic", id: "9" },
      replyToMessageId: "5",
    });
    expect(outboundTarget({ channel: "discord", to: "42", accountId: "work", threadId: "7" })).toEqual({
      channel: "discord",
      to: { kind: "direct", id: "42" },
      accountId: "work",
      thread: { kind: "thread", id: "7" },
    });
  });

  it("reads an explicit kind from channel:, group:, user: and dm: prefixes", () => {
    expect(outboundTarget({ channel: "discord", to: "channel:123" }).to).toEqual({
      kind: "channel",
      id: "123",
    });
    expect(outboundTarget({ channel: "discord", to: "user:42" }).to).toEqual({ kind: "direct", id: "42" });
    expect(outboundTarget({ channel: "discord", to: "dm:42" }).to).toEqual({ kind: "direct", id: "42" });
    expect(outboundTarget({ channel: "slack", to: "group:G1" }).to).toEqual({ kind: "group", id: "G1" });
  });

  it("reads a bare Slack id's kind from its first letter", () => {
    expect(outboundTarget({ channel: "slack", to: "C0123" }).to).toEqual({ kind: "channel", id: "C0123" });
    expect(outboundTarget({ channel: "slack", to: "G0123" }).to).toEqual({ kind: "group", id: "G0123" });
    expect(outboundTarget({ channel: "slack", to: "D0123" }).to).toEqual({ kind: "direct", id: "D0123" });
    expect(outboundTarget({ channel: "slack", to: "U0123" }).to).toEqual({ kind: "direct", id: "U0123" });
  });

  it("refuses cron targets it cannot address, with the reason", () => {
    expect(() => toChannelTarget({ channel: "last" })).toThrow(/needs the session/);
    expect(() =>
      toChannelTarget({ channel: "last", sessionKey: "agent:main:main" }, () => undefined),
    ).toThrow(/agent:main:main has not talked on any chat channel yet/);
    expect(() => toChannelTarget({ channel: "telegram" })).toThrow(/needs a "to"/);
  });

  it('"last" is the chat the session last talked on; a "to" picks another peer on that channel', () => {
    const lookup = (key: string) =>
      key === "agent:main:main"
        ? {
            channel: "telegram",
            accountId: "work",
            peer: { kind: "group" as const, id: "-100" },
            thread: { kind: "topic" as const, id: "7" },
            updatedAt: 1,
          }
        : undefined;
    expect(toChannelTarget({ channel: "last", sessionKey: "agent:main:main" }, lookup)).toEqual({
      channel: "telegram",
      accountId: "work",
      to: { kind: "group", id: "-100" },
      thread: { kind: "topic", id: "7" },
    });
    expect(toChannelTarget({ channel: "last", sessionKey: "agent:main:main", to: "42" }, lookup)).toEqual({
      channel: "telegram",
      accountId: "work",
      to: { kind: "direct", id: "42" },
    });
  });

  it("refuses deliveries until the channels are attached, then passes them to the outbox", async () => {
    const late = lateChannelDelivery();
    await expect(late.deliver({ channel: "telegram", to: "42" }, "hi")).rejects.toThrow(/not running yet/);
    const seen: unknown[] = [];
    late.attach(async (target, text, options) => {
      seen.push([target, text, options]);
      return text === "NO_REPLY" ? { status: "silent" } : { status: "queued", outboxId: 1, chunks: 1 };
    });
    await late.deliver({ channel: "telegram", to: "42" }, "hi");
    expect(seen).toEqual([
      [{ channel: "telegram", to: { kind: "direct", id: "42" } }, "hi", { source: "cron" }],
    ]);
    // A reply the outbox judged silent sent nothing: the run must not record it as delivered.
    await expect(late.deliver({ channel: "telegram", to: "42" }, "NO_REPLY")).rejects.toThrow(
      /nothing was sent/,
    );
  });
});

/**
 * SIGKILL the real gateway process between the model's reply and Discord's acknowledgement, start
 * it again on the same state folder: every chunk of the reply reaches the DM exactly once, and the
 * question (read back from REST by the new session) is not answered twice.
 */
import { join } from "node:path";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { CrashTest, killWhileSendHeld, waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";

const PERSON = "200000000000000042";
/** Chunks are cut at paragraphs and at 17 lines, so compare text with blank lines folded. */
const folded = (text: string) => text.replace(/\n+/g, "\n");
const REPLY = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i}: ${"steady words ".repeat(8).trim()}.`,
).join("\n\n");

const crash = new CrashTest();
const startGateway = (fake: FakeDiscord, stateDir: string) =>
  crash.processes.start(join(import.meta.dirname, "fixtures", "channel-gateway-child.ts"), {
    name: "gateway process",
    env: {
      CHANNELS: JSON.stringify({
        discord: { token: fake.token, rest: { api: fake.restApi }, dmPolicy: "open" },
      }),
      STATE_DIR: stateDir,
      REPLY_TEXT: REPLY,
    },
  });

describe("gateway SIGKILL mid-delivery to Discord", () => {
  afterEach(() => crash.cleanup());

  it("delivers every chunk exactly once after a restart", async () => {
    const discord = crash.track(await new FakeDiscord().start());
    const stateDir = crash.stateDir("claw-gw-dc-kill-");
    const first = await startGateway(discord, stateDir);
    await waitUntil(() => discord.gateway.liveSessions() === 1, { ms: 40_000, what: "the gateway session" });
    const { asked, sentBeforeRestart } = await killWhileSendHeld({
      fake: discord,
      child: first,
      afterDelivered: 1,
      ask: () => discord.dm(PERSON, "write me something long"),
      waitFor: (check, what) => waitUntil(check, { ms: 40_000, what }),
    });
    expect(sentBeforeRestart).toBe(1);

    await startGateway(discord, stateDir);
    await waitUntil(() => discord.sent.map((m) => m.content).join("\n").length >= folded(REPLY).length, {
      ms: 40_000,
      what: "the whole reply",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const texts = discord.sent.map((m) => m.content);
    expect(new Set(texts).size).toBe(texts.length);
    expect(folded(texts.join("\n"))).toBe(folded(REPLY));
    expect(discord.sent.every((m) => m.channelId === asked.channel_id && m.content.length <= 2000)).toBe(
      true,
    );
    expect(discord.calls.get("history") ?? 0).toBeGreaterThan(0);
  }, 150_000);
});

/**
 * `streamMode` for Discord and Slack in the assembled gateway: config → a draft message edited in
 * place while the faux model writes, its final text written by the outbox; a reply that ends
 * silent after a draft has the draft deleted. Per account: `accounts.<id>.streamMode` overrides.
 */
import { FakeDiscord } from "@claw/channel-discord/testing";
import { FakeSlack } from "@claw/channel-slack/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 20_000, what });
const ALICE = "200000000000000042";
const LONG = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
/** About 2.5 s of writing, so the gateway's one-a-second draft updates show it growing. */
const STREAMED: FauxStep = { text: LONG, chunkSize: 40, chunkDelayMs: 70 };
/** A draft, a tool call, and then a silent answer. */
const SILENT_AFTER_DRAFT: FauxStep = (call) =>
  call.context.messages.at(-1)?.role === "toolResult"
    ? { text: "NO_REPLY", chunkSize: 2, chunkDelayMs: 5 }
    : {
        text: "Checking the calendar first.",
        chunkDelayMs: 5,
        toolCalls: [{ name: "calendar", arguments: {} }],
      };

async function gatewayWith(channels: Record<string, unknown>, step: FauxStep) {
  const faux = createFauxProvider([step], { provider: "faux", whenExhausted: "repeat-last" });
  return startTestGateway(
    { agents: { defaults: { model: "faux/faux-1" } }, channels },
    { models: [faux.model], stream: faux.stream, scopes: ["operator.read"] },
  );
}

describe("streamed replies in the gateway", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function discord(streamMode: string | undefined, step: FauxStep) {
    const fake = await new FakeDiscord().start();
    closers.push(() => fake.close());
    const { client } = await gatewayWith(
      {
        discord: {
          token: fake.token,
          rest: { api: fake.restApi },
          dmPolicy: "open",
          ...(streamMode ? { streamMode } : {}),
        },
      },
      step,
    );
    closers.push(() => client.close());
    return fake;
  }

  async function slack(account: Record<string, unknown>, step: FauxStep) {
    const fake = await new FakeSlack().start();
    closers.push(() => fake.close());
    const { client } = await gatewayWith(
      {
        slack: {
          slackApiUrl: fake.apiUrl,
          dmPolicy: "open",
          streamMode: "off",
          accounts: { work: { botToken: fake.botToken, appToken: fake.appToken, ...account } },
        },
      },
      step,
    );
    closers.push(() => client.close());
    return fake;
  }

  it("discord streamMode partial: one message edited in place, ending as the whole reply", async () => {
    const fake = await discord("partial", STREAMED);
    const asked = fake.dm(ALICE, "tell me");
    const current = () =>
      fake.world.history.get(asked.channel_id)?.find((m) => m.id === fake.sent[0]?.messageId)?.content;
    await until(() => current() === LONG, "the final text");
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.content.length).toBeLessThan(LONG.length);
    expect(fake.edits.length).toBeGreaterThanOrEqual(2);
    expect(fake.edits.at(-1)?.content).toBe(LONG);
  });

  it("discord without streamMode: the reply is sent once, never edited (the default is off)", async () => {
    const fake = await discord(undefined, STREAMED);
    fake.dm(ALICE, "tell me");
    await until(() => fake.sent.length === 1, "the reply");
    expect(fake.sent[0]?.content).toBe(LONG);
    expect(fake.edits).toEqual([]);
  });

  it("discord: a silent reply after a draft deletes the draft", async () => {
    const fake = await discord("partial", SILENT_AFTER_DRAFT);
    const asked = fake.dm(ALICE, "anything today?");
    await until(() => fake.deleted.length === 1, "the draft's deletion");
    expect(fake.sent).toHaveLength(1);
    expect(fake.deleted).toEqual([{ channelId: asked.channel_id, messageId: fake.sent[0]?.messageId }]);
  });

  it("slack accounts.<id>.streamMode block overrides the channel's off: chat.update in place", async () => {
    const fake = await slack({ streamMode: "block", draftChunk: { minChars: 100, maxChars: 300 } }, STREAMED);
    fake.dm("U42", "tell me");
    const current = () =>
      fake.edits.filter((e) => e.ts === fake.sent[0]?.ts).at(-1)?.text ?? fake.sent[0]?.text;
    await until(() => current() === LONG, "the final text");
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.text.length).toBeLessThan(LONG.length);
    expect(fake.edits.length).toBeGreaterThanOrEqual(1);
  });

  it("slack: a silent reply after a draft deletes the draft (chat.delete)", async () => {
    const fake = await slack({ streamMode: "partial" }, SILENT_AFTER_DRAFT);
    fake.dm("U42", "anything today?");
    await until(() => fake.deleted.length === 1, "the draft's deletion");
    expect(fake.sent).toHaveLength(1);
    expect(fake.deleted).toEqual([{ channel: "DU42", ts: fake.sent[0]?.ts }]);
  });
});

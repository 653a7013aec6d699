/**
 * The gateway reads back the first DM of an allowlisted person written while it was down: the
 * Discord account gets `knownDmUsers` from `allowFrom` (and paired senders), opens their DM
 * channel on a fresh session and backfills it.
 */
import { FakeDiscord } from "@claw/channel-discord/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const ALICE = "200000000000000042";
const BOB = "200000000000000043";

describe("gateway with Discord: a first DM during an outage", () => {
  let fake: FakeDiscord | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it("is answered after the restart when the sender is in allowFrom", async () => {
    fake = await new FakeDiscord().start();
    const discord = fake;
    const faux = createFauxProvider(["Welcome back."], { provider: "faux", whenExhausted: "repeat-last" });
    const document = {
      agents: { defaults: { model: "faux/faux-1" } },
      channels: {
        discord: {
          token: discord.token,
          rest: { api: discord.restApi },
          dmPolicy: "allowlist",
          allowFrom: [ALICE, BOB],
        },
      },
    };
    const start = (stateDir?: string) =>
      startTestGateway(document, {
        models: [faux.model],
        stream: faux.stream,
        ...(stateDir ? { stateDir } : {}),
      });
    const first = await start();
    const earlier = discord.dm(BOB, "hi");
    await waitUntil(() => discord.textsIn(earlier.channel_id).length === 1, {
      ms: 20_000,
      what: "Bob's reply",
    });
    await first.client.close();
    await first.claw.close();

    const missed = discord.dm(ALICE, "my first words, while you were down");
    const second = await start(first.stateDir);
    await waitUntil(() => discord.textsIn(missed.channel_id).length === 1, {
      ms: 20_000,
      what: "the reply to the DM written during the outage",
    });
    expect(discord.textsIn(missed.channel_id)).toEqual(["Welcome back."]);
    await second.client.close();
  }, 60_000);
});

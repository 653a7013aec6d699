import { CHANNEL_CONTRACT_CHECKS, type ChannelHarness } from "@claw/channels/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createDiscordChannel } from "../src/index.js";
import { FakeDiscord } from "../src/testing/index.js";

describe("channel contract: discord against the fake Discord", () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await new FakeDiscord().start();
  });
  afterAll(() => fake.close());

  const person = "200000000000000077";
  const harness = (): ChannelHarness => ({
    create: () => createDiscordChannel({ token: fake.token, restApi: fake.restApi }),
    inject: async (text) => void fake.dm(person, text),
    sent: () => fake.sent.map((m) => m.content),
    target: { peer: { kind: "direct", id: person } },
    rateLimitNextSend: (seconds) => fake.failNext("send", { status: 429, retryAfter: seconds }),
  });

  for (const check of CHANNEL_CONTRACT_CHECKS) it(check.name, () => check.run(harness()));
});

import { CHANNEL_CONTRACT_CHECKS, type ChannelHarness } from "@claw/channels/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createTelegramChannel } from "../src/index.js";
import { FakeBotApi } from "../src/testing/index.js";

describe("channel contract: telegram against the fake Bot API", () => {
  let api: FakeBotApi;
  beforeAll(async () => {
    api = await new FakeBotApi().start();
  });
  afterAll(() => api.close());

  const harness = (): ChannelHarness => ({
    create: () =>
      createTelegramChannel({
        botToken: api.token,
        apiRoot: api.url,
        pollTimeoutSeconds: 1,
        format: "plain",
      }),
    inject: async (text) => void api.dm(77, text),
    sent: () => api.sent.map((m) => m.text),
    target: { peer: { kind: "direct", id: "77" } },
    rateLimitNextSend: (seconds) =>
      api.failNext("sendMessage", {
        status: 429,
        description: "Too Many Requests: retry after 2",
        retryAfter: seconds,
      }),
  });

  for (const check of CHANNEL_CONTRACT_CHECKS) it(check.name, () => check.run(harness()));
});

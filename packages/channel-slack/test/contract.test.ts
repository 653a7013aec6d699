import { CHANNEL_CONTRACT_CHECKS, type ChannelHarness } from "@claw/channels/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { createSlackChannel } from "../src/index.js";
import { FakeSlack } from "../src/testing/index.js";

describe("channel contract: slack against the fake Slack (Socket Mode)", () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await new FakeSlack().start();
  });
  afterAll(() => slack.close());

  const harness = (): ChannelHarness => ({
    create: () =>
      createSlackChannel({
        botToken: slack.botToken,
        appToken: slack.appToken,
        slackApiUrl: slack.apiUrl,
        format: "plain",
        socket: { clientPingTimeoutMs: 1_000 },
      }),
    inject: async (text) => void slack.dm("U77", text),
    sent: () => slack.sent.map((m) => m.text),
    target: { peer: { kind: "direct", id: "DU77" } },
    rateLimitNextSend: (seconds) => slack.failNext("chat.postMessage", { status: 429, retryAfter: seconds }),
  });

  for (const check of CHANNEL_CONTRACT_CHECKS) it(check.name, () => check.run(harness()));
});

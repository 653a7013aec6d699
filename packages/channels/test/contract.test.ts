import { describe, it } from "vitest";
import { ChannelSendError } from "../src/index.js";
import {
  CHANNEL_CONTRACT_CHECKS,
  type ChannelHarness,
  createToyChannel,
  ToyPlatform,
} from "../src/testing/index.js";

function toyHarness(): ChannelHarness {
  const platform = new ToyPlatform();
  return {
    create: () => createToyChannel(platform),
    inject: (text) =>
      platform.type("default", { peer: { kind: "direct", id: "u1" }, sender: { id: "u1" }, text }),
    sent: () => platform.sent.map((s) => s.text),
    target: { peer: { kind: "direct", id: "u1" } },
    rateLimitNextSend: (seconds) =>
      platform.failures.push(new ChannelSendError("rate-limited", "429", { retryAfterMs: seconds * 1000 })),
  };
}

describe("channel contract: the toy channel", () => {
  for (const check of CHANNEL_CONTRACT_CHECKS) it(check.name, () => check.run(toyHarness()));
});

/**
 * Durable inbound through the real gateway process: SIGKILL it after Telegram's update was
 * acknowledged (the polling offset moved past it) but before the model answered; the restarted
 * gateway answers that message, and the reply reaches the chat exactly once.
 */
import { join } from "node:path";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { CrashTest, killProcess, waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";

const CHILD = join(import.meta.dirname, "fixtures", "channel-gateway-child.ts");
const REPLY = "Here I am, after the restart.";

const crash = new CrashTest();
const startGateway = (api: FakeBotApi, stateDir: string, hold: boolean, onStdout: (text: string) => void) =>
  crash.processes.start(CHILD, {
    name: "gateway",
    env: {
      STATE_DIR: stateDir,
      CHANNELS: JSON.stringify({ telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } }),
      REPLY_TEXT: REPLY,
      HOLD_MODEL: hold ? "1" : "0",
    },
    onStdout,
  });

describe("gateway SIGKILL between Telegram's acknowledgement and the model's answer", () => {
  afterEach(() => crash.cleanup());

  it("the restarted gateway answers the acknowledged message, once", async () => {
    const fake = crash.track(await new FakeBotApi().start());
    const stateDir = crash.stateDir("claw-gw-kill-");
    let modelCalled = false;
    const first = await startGateway(fake, stateDir, true, (text) => {
      if (text.includes("model-called")) modelCalled = true;
    });
    const update = fake.dm(42, "are you there?");
    await waitUntil(() => modelCalled, { ms: 20_000, what: "the model to be called" });
    await waitUntil(() => fake.offsets.some((o) => o > update.update_id), {
      ms: 20_000,
      what: "the update to be acknowledged",
    });
    await killProcess(first);
    expect(fake.sent).toEqual([]);

    await startGateway(fake, stateDir, false, () => {});
    await waitUntil(() => fake.sent.length >= 1, { ms: 20_000, what: "the reply" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.sent.map((m) => [m.chatId, m.text])).toEqual([["42", REPLY]]);
  }, 60_000);
});

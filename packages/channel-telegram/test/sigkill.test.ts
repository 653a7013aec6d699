/**
 * Kill the process with SIGKILL between the model's reply and Telegram's acknowledgement, start it
 * again on the same state.db: every chunk of the reply reaches the chat exactly once. And kill it
 * after the update was acknowledged (the polling offset moved past it) but before the model
 * answered: the restarted process answers that message, once.
 */
import { join } from "node:path";
import { CrashTest, KILL_MID_DELIVERY_CASES, killProcess, killWhileSendHeld } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../src/testing/index.js";
import { until } from "./layer.js";

const REPLY = Array.from(
  { length: 90 },
  (_, i) => `Paragraph ${i}: ${"steady words ".repeat(8).trim()}.`,
).join("\n\n");

const crash = new CrashTest();
const startProcess = (
  api: FakeBotApi,
  stateDir: string,
  env: Record<string, string> = {},
  onStdout?: (text: string) => void,
) =>
  crash.processes.start(join(import.meta.dirname, "fixtures", "layer-process.ts"), {
    env: { FAKE_URL: api.url, FAKE_TOKEN: api.token, STATE_DIR: stateDir, REPLY_TEXT: REPLY, ...env },
    ...(onStdout ? { onStdout } : {}),
  });

describe("SIGKILL between the reply and Telegram's acknowledgement", () => {
  afterEach(() => crash.cleanup());

  it.each(KILL_MID_DELIVERY_CASES)(
    "%s: every chunk is delivered exactly once after a restart",
    async (_name, afterDelivered) => {
      const fake = crash.track(await new FakeBotApi().start());
      const stateDir = crash.stateDir("claw-tg-kill-");
      const first = await startProcess(fake, stateDir);
      const { sentBeforeRestart } = await killWhileSendHeld({
        fake,
        child: first,
        afterDelivered,
        ask: () => fake.dm(42, "write me something long"),
        waitFor: (check, what) => until(check, 15_000, what),
      });
      expect(sentBeforeRestart).toBe(afterDelivered);

      await startProcess(fake, stateDir);
      await until(
        () => fake.sent.map((m) => m.text).join("\n\n").length >= REPLY.length,
        15_000,
        "the whole reply",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const texts = fake.sent.map((m) => m.text);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.join("\n\n")).toBe(REPLY);
      expect(fake.sent.every((m) => m.chatId === "42" && m.text.length <= 4096)).toBe(true);
    },
    40_000,
  );

  it("after the update is acknowledged, before the model answers: the reply arrives once after a restart", async () => {
    const fake = crash.track(await new FakeBotApi().start());
    const stateDir = crash.stateDir("claw-tg-kill-");
    let modelCalled = false;
    const first = await startProcess(fake, stateDir, { HOLD_MODEL: "1" }, (text) => {
      if (text.includes("model-called")) modelCalled = true;
    });
    const update = fake.dm(42, "are you there?");
    await until(() => modelCalled, 15_000, "the model to be called");
    // Acknowledged: the poller asked for updates past this one, so Telegram will not send it again.
    await until(() => fake.offsets.some((o) => o > update.update_id), 15_000, "the offset to move on");
    await killProcess(first);
    expect(fake.sent).toHaveLength(0);

    await startProcess(fake, stateDir);
    await until(() => fake.sent.length >= 1, 15_000, "the reply");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.sent.map((m) => m.text).join("\n\n")).toBe(REPLY);
    expect(fake.pendingUpdates()).toBe(0);
  }, 40_000);
});

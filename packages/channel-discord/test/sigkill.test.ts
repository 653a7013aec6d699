/**
 * Kill the process with SIGKILL between the model's reply and Discord's acknowledgement, start it
 * again on the same state.db: every chunk of the reply reaches the chat exactly once.
 */
import { join } from "node:path";
import { CrashTest, KILL_MID_DELIVERY_CASES, killWhileSendHeld } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { FakeDiscord } from "../src/testing/index.js";
import { until } from "./layer.js";

const PERSON = "200000000000000042";
/** Chunks are cut at paragraphs and at 17 lines, so compare text with blank lines folded. */
const folded = (text: string) => text.replace(/\n+/g, "\n");
const REPLY = Array.from(
  { length: 90 },
  (_, i) => `Paragraph ${i}: ${"steady words ".repeat(8).trim()}.`,
).join("\n\n");

const crash = new CrashTest();
const startProcess = (api: FakeDiscord, stateDir: string) =>
  crash.processes.start(join(import.meta.dirname, "fixtures", "layer-process.ts"), {
    env: { FAKE_URL: api.restApi, FAKE_TOKEN: api.token, STATE_DIR: stateDir, REPLY_TEXT: REPLY },
  });

describe("SIGKILL between the reply and Discord's acknowledgement", () => {
  afterEach(() => crash.cleanup());

  it.each(KILL_MID_DELIVERY_CASES)(
    "%s: every chunk is delivered exactly once after a restart",
    async (_name, afterDelivered) => {
      const fake = crash.track(await new FakeDiscord().start());
      const stateDir = crash.stateDir("claw-dc-kill-");
      const first = await startProcess(fake, stateDir);
      const { asked, sentBeforeRestart } = await killWhileSendHeld({
        fake,
        child: first,
        afterDelivered,
        ask: () => fake.dm(PERSON, "write me something long"),
        waitFor: (check, what) => until(check, 15_000, what),
      });
      expect(sentBeforeRestart).toBe(afterDelivered);

      await startProcess(fake, stateDir);
      await until(
        () => fake.sent.map((m) => m.content).join("\n").length >= folded(REPLY).length,
        15_000,
        "the whole reply",
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const texts = fake.sent.map((m) => m.content);
      expect(new Set(texts).size).toBe(texts.length);
      expect(folded(texts.join("\n"))).toBe(folded(REPLY));
      expect(fake.sent.every((m) => m.channelId === asked.channel_id && m.content.length <= 2000)).toBe(true);
    },
    40_000,
  );
});

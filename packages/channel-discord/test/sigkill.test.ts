/**
 * Kill the process with SIGKILL between the model's reply and Discord's acknowledgement, start it
 * again on the same state.db: every chunk of the reply reaches the chat exactly once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

function startProcess(api: FakeDiscord, stateDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=@claw/source",
      "--import",
      "tsx",
      join(import.meta.dirname, "fixtures", "layer-process.ts"),
    ],
    {
      env: {
        ...process.env,
        FAKE_URL: api.restApi,
        FAKE_TOKEN: api.token,
        STATE_DIR: stateDir,
        REPLY_TEXT: REPLY,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (data: Buffer) => data.toString().includes("ready") && resolve(child));
    child.once("exit", (code) => reject(new Error(`layer process exited early (${code})`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("SIGKILL between the reply and Discord's acknowledgement", () => {
  const children: ChildProcess[] = [];
  let api: FakeDiscord | undefined;
  let stateDir = "";
  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) await killed(child);
    await api?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it.each([
    ["before the first chunk is acknowledged", 0],
    ["after the first chunk, before the second is acknowledged", 1],
  ])(
    "%s: every chunk is delivered exactly once after a restart",
    async (_name, afterDelivered) => {
      api = await new FakeDiscord().start();
      const fake = api;
      stateDir = mkdtempSync(join(tmpdir(), "claw-dc-kill-"));
      const first = await startProcess(fake, stateDir);
      children.push(first);
      let held = false;
      fake.onHeld = () => {
        held = true;
      };
      fake.holdSends(true, { afterDelivered });
      const asked = fake.dm(PERSON, "write me something long");
      await until(() => held, 15_000, "a send to be held");
      await killed(first);
      // Let the fake's event loop see the dead client's socket close before Discord "answers".
      await new Promise((resolve) => setTimeout(resolve, 250));
      fake.releaseHeld();
      expect(fake.sent).toHaveLength(afterDelivered);

      const second = await startProcess(fake, stateDir);
      children.push(second);
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

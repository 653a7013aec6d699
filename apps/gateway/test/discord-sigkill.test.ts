/**
 * SIGKILL the real gateway process between the model's reply and Discord's acknowledgement, start
 * it again on the same state folder: every chunk of the reply reaches the DM exactly once, and the
 * question (read back from REST by the new session) is not answered twice.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";

const PERSON = "200000000000000042";
/** Chunks are cut at paragraphs and at 17 lines, so compare text with blank lines folded. */
const folded = (text: string) => text.replace(/\n+/g, "\n");
const REPLY = Array.from(
  { length: 40 },
  (_, i) => `Paragraph ${i}: ${"steady words ".repeat(8).trim()}.`,
).join("\n\n");

function startGateway(fake: FakeDiscord, stateDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--conditions=@claw/source",
      "--import",
      "tsx",
      join(import.meta.dirname, "fixtures", "discord-gateway.ts"),
    ],
    {
      env: {
        ...process.env,
        FAKE_REST_API: fake.restApi,
        FAKE_TOKEN: fake.token,
        STATE_DIR: stateDir,
        REPLY_TEXT: REPLY,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (data: Buffer) => data.toString().includes("ready") && resolve(child));
    child.once("exit", (code) => reject(new Error(`gateway process exited early (${code})`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

describe("gateway SIGKILL mid-delivery to Discord", () => {
  const children: ChildProcess[] = [];
  let fake: FakeDiscord | undefined;
  let stateDir = "";
  afterEach(async () => {
    for (const child of children.splice(0)) await killed(child);
    await fake?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it("delivers every chunk exactly once after a restart", async () => {
    fake = await new FakeDiscord().start();
    const discord = fake;
    stateDir = mkdtempSync(join(tmpdir(), "claw-gw-dc-kill-"));
    const first = await startGateway(discord, stateDir);
    children.push(first);
    await waitUntil(() => discord.gateway.liveSessions() === 1, { ms: 40_000, what: "the gateway session" });
    let held = false;
    discord.onHeld = () => {
      held = true;
    };
    discord.holdSends(true, { afterDelivered: 1 });
    const asked = discord.dm(PERSON, "write me something long");
    await waitUntil(() => held, { ms: 40_000, what: "a send to be held" });
    await killed(first);
    await new Promise((resolve) => setTimeout(resolve, 250));
    discord.releaseHeld();
    expect(discord.sent).toHaveLength(1);

    children.push(await startGateway(discord, stateDir));
    await waitUntil(() => discord.sent.map((m) => m.content).join("\n").length >= folded(REPLY).length, {
      ms: 40_000,
      what: "the whole reply",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const texts = discord.sent.map((m) => m.content);
    expect(new Set(texts).size).toBe(texts.length);
    expect(folded(texts.join("\n"))).toBe(folded(REPLY));
    expect(discord.sent.every((m) => m.channelId === asked.channel_id && m.content.length <= 2000)).toBe(
      true,
    );
    expect(discord.calls.get("history") ?? 0).toBeGreaterThan(0);
  }, 150_000);
});

/**
 * Graceful stop with a chat platform unreachable (issue #42): the real gateway process gets
 * SIGTERM while Discord's gateway refuses every reconnect, while a platform's whole API is on a
 * closed port, or after the platform's server went away, and must exit with code 0 on its own:
 * nothing (a reconnect loop, a REST queue, a socket) may keep Node's event loop alive after
 * `close()`. The hard timeout only turns a hang into a failure; the time taken is printed, and
 * the ≤ 2 s budget is for the bench, not asserted here.
 */
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { FakeSlack } from "@claw/channel-slack/testing";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { CrashTest, waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";

/** Far above the 2 s budget: reached only when something keeps the process alive. */
const HARD_TIMEOUT_MS = 20_000;
const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 30_000, what });

const crash = new CrashTest();

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

async function startGateway(channels: Record<string, unknown>) {
  const lines: string[] = [];
  const child = await crash.processes.start(
    join(import.meta.dirname, "fixtures", "sigterm-gateway-child.ts"),
    {
      name: "gateway process",
      env: { CHANNELS: JSON.stringify(channels), STATE_DIR: crash.stateDir("claw-gw-stop-") },
      onStdout: (text) => lines.push(...text.split("\n").filter(Boolean)),
    },
  );
  return { child, lines };
}

/** SIGTERMs the child; resolves with its exit code, or rejects when it is alive after the hard timeout. */
function terminate(child: ChildProcess, what: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const hang = setTimeout(
      () =>
        reject(
          new Error(`${what}: the gateway process is still running ${HARD_TIMEOUT_MS} ms after SIGTERM`),
        ),
      HARD_TIMEOUT_MS,
    );
    child.once("exit", (code) => {
      clearTimeout(hang);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

async function expectCleanExit(started: { child: ChildProcess; lines: string[] }, what: string) {
  const code = await terminate(started.child, what);
  const closed = started.lines.find((line) => line.startsWith("closed "));
  const exited = started.lines.find((line) => line.startsWith("exit "));
  process.stdout.write(
    `graceful stop, ${what}: ${closed ?? "close() never resolved"}, ${exited ?? "?"} ms\n`,
  );
  expect(closed, "close() resolved").toBeDefined();
  expect(code).toBe(0);
}

describe("SIGTERM with a platform unreachable: the gateway exits by itself", () => {
  afterEach(() => crash.cleanup());

  it("Discord: the gateway went away and every reconnect is refused", async () => {
    const discord = crash.track(await new FakeDiscord().start());
    const gateway = await startGateway({
      discord: { token: discord.token, rest: { api: discord.restApi }, dmPolicy: "open" },
    });
    await until(() => discord.gateway.liveSessions() === 1, "the Discord session");
    discord.gatewayDown = true;
    discord.gateway.dropConnections();
    // Two refused reconnects: discord.js is in its reconnect loop when the stop comes.
    await until(() => discord.gatewayRefusals >= 2, "the reconnect attempts");
    await expectCleanExit(gateway, "Discord gateway refusing");
  }, 60_000);

  it.each([
    [
      "Discord",
      (url: string) => ({ discord: { token: "x.y.z", rest: { api: `${url}/api` }, dmPolicy: "open" } }),
    ],
    [
      "Slack",
      (url: string) => ({
        slack: { botToken: "xoxb-1", appToken: "xapp-1", slackApiUrl: `${url}/api/`, dmPolicy: "open" },
      }),
    ],
    ["Telegram", (url: string) => ({ telegram: { botToken: "1:abc", apiRoot: url, dmPolicy: "open" } })],
  ])(
    "%s: the whole API is on a closed port from the start",
    async (name, channels) => {
      const gateway = await startGateway(channels(`http://127.0.0.1:${await closedPort()}`));
      await expectCleanExit(gateway, `${name} API on a closed port`);
    },
    60_000,
  );

  it("Slack: the server went away after Socket Mode connected", async () => {
    const slack = await new FakeSlack().start();
    const gateway = await startGateway({
      slack: {
        botToken: slack.botToken,
        appToken: slack.appToken,
        slackApiUrl: slack.apiUrl,
        dmPolicy: "open",
      },
    });
    await until(() => slack.socketMode.connected, "the Socket Mode connection");
    await slack.close();
    await expectCleanExit(gateway, "Slack gone after connecting");
  }, 60_000);

  it("Telegram: the Bot API went away while polling", async () => {
    const telegram = await new FakeBotApi().start();
    const gateway = await startGateway({
      telegram: { botToken: telegram.token, apiRoot: telegram.url, dmPolicy: "open" },
    });
    await until(() => (telegram.calls.get("getUpdates") ?? 0) > 0, "the first poll");
    await telegram.close();
    await expectCleanExit(gateway, "Telegram gone while polling");
  }, 60_000);
});

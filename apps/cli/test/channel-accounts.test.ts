/**
 * `claw channels add|list|login` for Discord and Slack (and Telegram's login): config written
 * through the config owner, secrets never echoed, bad input refused with nothing written, and
 * `login` checking the token against the fake platforms at their documented base URL options.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FakeDiscord } from "@claw/channel-discord/testing";
import { FakeSlack } from "@claw/channel-slack/testing";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, type TestHome } from "./helpers.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

function home(): TestHome {
  const created = createHome([], {});
  closers.push(created.cleanup);
  return created;
}
const configOf = (h: TestHome) => JSON.parse(readFileSync(join(h.stateDir, "claw.json"), "utf8"));
const configText = (h: TestHome) => readFileSync(join(h.stateDir, "claw.json"), "utf8");

const SLACK_BOT = "xoxb-1111-2222-abcdefabcdef";
const SLACK_APP = "xapp-1-A0001-3333-abcdef";
const SIGNING = "8f742231b10e8888abcd990000085a5e";
/** A config `${NAME}` reference, spelled without a template-looking literal. */
const envRef = (name: string) => ["$", "{", name, "}"].join("");

describe("channels add and list for Discord and Slack", () => {
  it("writes each platform's own fields, lists token sources, and never prints a secret", async () => {
    const h = home();
    const outputs: string[] = [];
    const run = async (argv: string[]) => {
      const result = await claw(h, argv);
      outputs.push(result.stdout, result.stderr);
      expect(result.code, result.stderr).toBe(0);
      return result;
    };
    await run([
      "channels",
      "add",
      "discord",
      "--token",
      "discord-secret.abc",
      "--api-root",
      "http://127.0.0.1:9/api",
    ]);
    await run(["channels", "add", "slack", "--token", SLACK_BOT, "--app-token", SLACK_APP]);
    await run([
      "channels",
      "add",
      "slack",
      "--account",
      "Hooks",
      "--token",
      SLACK_BOT,
      "--signing-secret",
      SIGNING,
      "--mode",
      "http",
      "--events-port",
      "3000",
      "--api-root",
      "http://127.0.0.1:9/api/",
    ]);
    const config = configOf(h);
    expect(config.channels.discord).toEqual({
      enabled: true,
      token: "discord-secret.abc",
      rest: { api: "http://127.0.0.1:9/api" },
    });
    expect(config.channels.slack).toEqual({
      enabled: true,
      botToken: SLACK_BOT,
      appToken: SLACK_APP,
      accounts: {
        hooks: {
          enabled: true,
          botToken: SLACK_BOT,
          signingSecret: SIGNING,
          mode: "http",
          eventsListen: { port: 3000 },
          slackApiUrl: "http://127.0.0.1:9/api/",
        },
      },
    });
    const listed = JSON.parse((await run(["channels", "list", "--json"])).stdout);
    expect(listed).toEqual([
      {
        channel: "discord",
        account: "default",
        enabled: true,
        token: "token",
        apiRoot: "http://127.0.0.1:9/api",
      },
      {
        channel: "slack",
        account: "hooks",
        enabled: true,
        token: "botToken",
        apiRoot: "http://127.0.0.1:9/api/",
      },
    ]);
    const table = (await run(["channels", "list"])).stdout;
    expect(table).toMatch(/discord\s+default\s+yes\s+token\s+http:\/\/127\.0\.0\.1:9\/api/);
    for (const secret of ["discord-secret.abc", SLACK_BOT, SLACK_APP, SIGNING])
      expect(outputs.join("\n")).not.toContain(secret);
  });

  it("an account added without a token says where the token can come from", async () => {
    const h = home();
    const added = await claw(h, ["channels", "add", "discord"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("no token given: set DISCORD_BOT_TOKEN");
    const listed = JSON.parse((await claw(h, ["channels", "list", "--json"])).stdout);
    expect(listed).toMatchObject([{ channel: "discord", token: "DISCORD_BOT_TOKEN (env)" }]);
  });

  it.each([
    [["slack", "--token", SLACK_APP], "is an app-level token (xapp-…)"],
    [["slack", "--token", "xoxp-user-token"], "is a user token (xoxp-…)"],
    [["slack", "--token", SLACK_BOT, "--app-token", SLACK_BOT], "is not a Slack app-level token"],
    [["slack", "--token", SLACK_BOT, "--signing-secret", "not hex!"], "is not a Slack signing secret"],
    [["slack", "--token", SLACK_BOT, "--mode", "http"], "--mode http needs --events-port"],
    [["slack", "--token", SLACK_BOT, "--mode", "webhook"], '--mode "webhook" is not a Slack mode'],
    [
      ["slack", "--app-token", SLACK_APP, "--mode", "http", "--events-port", "3000"],
      "--app-token is for Socket Mode",
    ],
    [["slack", "--token", SLACK_BOT, "--events-port", "3000"], "--events-port needs --mode http"],
    [["slack", "--mode", "http", "--events-port", "99999"], '--events-port "99999" is not a port'],
    [["discord", "--token", "Bot discord-secret.abc"], 'starts with "Bot "'],
    [["discord", "--app-token", SLACK_APP], "--app-token is not a Discord option"],
    [["discord", "--token", "a", "--token-file", "/x"], "give --token or --token-file, not both"],
    [["discord", "--token-file", "/nonexistent/claw-token"], "no such file"],
    [["discord", "--api-root", "ftp://example.com"], "is not an http(s) URL"],
    [["telegram", "--token", "not-a-telegram-token"], "is not a Telegram bot token"],
    [["matrix"], 'unknown channel "matrix"'],
  ])("refuses %j: %s, and writes nothing", async (args, message) => {
    const h = home();
    const before = configText(h);
    const result = await claw(h, ["channels", "add", ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(configText(h)).toBe(before);
    for (const secret of [SLACK_APP, SLACK_BOT, "discord-secret.abc"])
      expect(result.stderr).not.toContain(secret);
  });
});

describe("channels login checks the token with the platform", () => {
  it("discord: GET /users/@me at --api-root; a refused token writes nothing", async () => {
    const fake = await new FakeDiscord().start();
    closers.push(() => fake.close());
    const h = home();
    const before = configText(h);
    const refused = await claw(h, [
      "channels",
      "login",
      "discord",
      "--token",
      "wrong.token",
      "--api-root",
      fake.restApi,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Discord refused the token");
    expect(refused.stderr).toContain("401");
    expect(configText(h)).toBe(before);

    const ok = await claw(h, [
      "channels",
      "login",
      "discord",
      "--token",
      fake.token,
      "--api-root",
      fake.restApi,
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("stored the discord credentials for @claw_test_bot");
    expect(ok.stdout + ok.stderr).not.toContain(fake.token);
    expect(configOf(h).channels.discord).toEqual({ token: fake.token, rest: { api: fake.restApi } });
  });

  it("slack: auth.test at the configured slackApiUrl; an env reference is probed filled in and stored as written", async () => {
    const fake = await new FakeSlack().start();
    closers.push(() => fake.close());
    const h = home();
    expect((await claw(h, ["channels", "add", "slack", "--api-root", fake.apiUrl])).code).toBe(0);
    const refused = await claw(h, ["channels", "login", "slack", "--token", "xoxb-wrong"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Slack auth.test: invalid_auth");

    const env = { SLACK_BOT: fake.botToken };
    const reference = envRef("SLACK_BOT");
    const ok = await claw(
      h,
      ["channels", "login", "slack", "--token", reference, "--app-token", fake.appToken],
      env,
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("for @claw (Fake Team)");
    expect(configOf(h).channels.slack).toEqual({
      enabled: true,
      slackApiUrl: fake.apiUrl,
      botToken: reference,
      appToken: fake.appToken,
    });
    const unset = await claw(h, ["channels", "login", "slack", "--token", envRef("NOT_SET_ANYWHERE")]);
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain("environment variable that is not set");
  });

  it("telegram: getMe with a token file; an unreachable platform writes nothing unless --skip-probe", async () => {
    const api = await new FakeBotApi().start();
    closers.push(() => api.close());
    const h = home();
    const tokenFile = join(h.home, "telegram-token");
    writeFileSync(tokenFile, `${api.token}\n`);
    const ok = await claw(h, [
      "channels",
      "login",
      "telegram",
      "--token-file",
      tokenFile,
      "--api-root",
      api.url,
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("for @claw_test_bot");
    expect(configOf(h).channels.telegram).toEqual({ tokenFile, apiRoot: api.url });

    const before = configText(h);
    const down = await claw(h, [
      "channels",
      "login",
      "telegram",
      "--account",
      "b",
      "--token",
      "1:abc",
      "--api-root",
      "http://127.0.0.1:9",
    ]);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain("could not reach Telegram at http://127.0.0.1:9");
    expect(down.stderr).not.toContain("1:abc");
    expect(configText(h)).toBe(before);
    const skipped = await claw(h, [
      "channels",
      "login",
      "telegram",
      "--account",
      "b",
      "--token",
      "1:abc",
      "--skip-probe",
    ]);
    expect(skipped.code).toBe(0);
    expect(configOf(h).channels.telegram.accounts).toEqual({ b: { botToken: "1:abc" } });
  });
});

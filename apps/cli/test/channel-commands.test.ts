/**
 * `claw channels`, `claw pairing`, `claw routes explain` and `claw message send` against a real
 * gateway whose Telegram account talks to the fake Bot API.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawGateway } from "@claw/app-gateway";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { afterEach, describe, expect, it } from "vitest";
import { BASE_CONFIG, claw, createHome, startGateway, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];
const fakes: FakeBotApi[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(fakes.splice(0).map((f) => f.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("channel commands", () => {
  it("channels add/list/remove edit the config", async () => {
    const home = createHome([], {});
    homes.push(home);
    const added = await claw(home, [
      "channels",
      "add",
      "telegram",
      "--token",
      "1:abc",
      "--api-root",
      "http://127.0.0.1:9",
    ]);
    expect(added.stderr + added.stdout).toContain("added telegram");
    expect(added.code).toBe(0);
    const config = JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8"));
    expect(config.channels.telegram).toEqual({
      enabled: true,
      botToken: "1:abc",
      apiRoot: "http://127.0.0.1:9",
    });
    await claw(home, ["channels", "add", "telegram", "--account", "Work", "--token", "2:def"]);
    const listed = JSON.parse((await claw(home, ["channels", "list", "--json"])).stdout);
    expect(listed.map((r: { account: string }) => r.account)).toEqual(["work"]);
    expect((await claw(home, ["channels", "remove", "telegram"])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8")).channels).toEqual({});
    expect((await claw(home, ["channels", "add", "matrix"])).code).toBe(2);
  });

  it("pairing list/approve, routes explain, message send and channels status", async () => {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const document = {
      agents: { defaults: { ...BASE_CONFIG.agents.defaults, identity: { ownerNumbers: ["telegram:42"] } } },
      channels: { telegram: { botToken: api.token, apiRoot: api.url } },
    };
    const home = createHome(["Hi from Claw."], document);
    homes.push(home);
    gateways.push(await startGateway(home, document));

    api.dm(42, "hello");
    await until(() => api.sent.length === 1);
    const pending = JSON.parse((await claw(home, ["pairing", "list", "--json"])).stdout);
    const code = pending.requests[0].requestId as string;
    const listed = await claw(home, ["pairing", "list"]);
    expect(listed.stdout).toContain(code);
    const approved = await claw(home, ["pairing", "approve", "telegram", code]);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain("sender 42 may now talk to the agent");
    expect((await claw(home, ["pairing", "approve", "telegram", code])).code).not.toBe(0);

    const route = await claw(home, ["routes", "explain", "telegram", "42"]);
    expect(route.stdout).toContain("session  agent:main:main");
    expect(route.stdout).toContain(
      "sender   sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[0])",
    );
    expect(route.stdout).toContain(
      "dm scope main: session.dmScope unset: the owner's DMs use the main session",
    );
    const stranger = await claw(home, ["routes", "explain", "telegram", "43"]);
    expect(stranger.stdout).toContain("session  agent:main:telegram:dm:43");
    expect(stranger.stdout).toContain("sender telegram:43 is not the owner");
    const inGroup = JSON.parse(
      (
        await claw(home, [
          "routes",
          "explain",
          "telegram",
          "100",
          "--kind",
          "group",
          "--sender",
          "42",
          "--json",
        ])
      ).stdout,
    );
    expect(inGroup.owner).toEqual({
      isOwner: true,
      reason: "sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[0])",
    });

    const sent = await claw(home, ["message", "send", "--to", "42", "Good", "morning"]);
    expect(sent.code).toBe(0);
    expect(api.sent.at(-1)).toMatchObject({ chatId: "42", text: "Good morning" });

    const status = await claw(home, ["channels", "status", "--probe"]);
    expect(status.stdout).toMatch(/telegram\s+default\s+connected\s+polling/);
    expect(status.stdout).toContain("@claw_test_bot");
  });
});

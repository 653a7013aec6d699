/**
 * Strangers never get the owner's shell (#42-1/2, #33-1, #32-3), against the real gateway and the
 * fake Telegram Bot API with no exec or dmScope config: a paired stranger's DM gets its own
 * session, its command waits for the owner (prompt in the owner's DM, "waiting" without buttons
 * for the stranger), the stranger's own press changes nothing, the owner's press runs it; the
 * owner's DM is the main session with the owner-only `cron` tool; a bad owner entry is refused.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import { loadConfig } from "@claw/config";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { lastToolResultText, startTestGateway } from "./helpers.js";

const OWNER = 42;
const STRANGER = 43;
const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 20_000, what });

describe("owner identity on Telegram", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start(script: FauxStep[]) {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(script, { provider: "faux", whenExhausted: "repeat-last" });
    const started = await startTestGateway(
      {
        agents: {
          defaults: {
            model: "faux/faux-1",
            skipBootstrap: true,
            identity: { ownerNumbers: [`telegram:${OWNER}`] },
          },
        },
        channels: { telegram: { botToken: api.token, apiRoot: api.url } },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin", "operator.pairing"],
      },
    );
    return { api, faux, ...started };
  }

  /** `userId` asks for a pairing code, and the operator approves it. */
  async function pair(api: FakeBotApi, client: Awaited<ReturnType<typeof start>>["client"], userId: number) {
    const before = api.sent.length;
    api.dm(userId, "hello");
    await until(() => api.sent.length === before + 1, "the pairing code");
    const list = await client.request("channels.pairing.list", {});
    const request = list.requests.find((r) => r.senderId === String(userId));
    await client.request("channels.pairing.approve", {
      channel: "telegram",
      accountId: "default",
      requestId: request?.requestId as string,
    });
  }

  const sessionKeys = async (client: Awaited<ReturnType<typeof start>>["client"]) =>
    ((await client.request("sessions.list", {})) as { sessions: { key: string }[] }).sessions.map(
      (s) => s.key,
    );

  it("a paired stranger's exec waits for the owner: own session, own press refused, owner's press runs it", async () => {
    const marker = "stranger-was-here";
    const { api, faux, client, stateDir } = await start([
      { text: "trying", toolCalls: [{ name: "exec", arguments: { command: `touch ${marker}` } }] },
      "done",
    ]);
    // The stranger pairs (dmPolicy pairing is the default) and the owner approves the pairing.
    await pair(api, client, STRANGER);

    api.dm(STRANGER, "exec touch x");
    await until(() => api.sent.some((m) => m.buttons), "the owner's prompt");
    const prompt = api.sent.find((m) => m.buttons);
    if (!prompt?.buttons) throw new Error("no prompt");
    expect(prompt.chatId).toBe(String(OWNER));
    expect(prompt.text).toContain(`touch ${marker}`);
    expect(prompt.text).toContain(`From: telegram:${STRANGER}`);
    await until(
      () => api.sent.some((m) => m.chatId === String(STRANGER) && m.text.startsWith("⏳")),
      "the notice",
    );
    const notice = api.sent.find((m) => m.chatId === String(STRANGER) && m.text.startsWith("⏳"));
    expect(notice?.text).toContain("Waiting for the owner to approve this command");
    expect(notice?.buttons).toBeUndefined();
    expect(await sessionKeys(client)).toContain(`agent:main:telegram:dm:${STRANGER}`);
    expect(await sessionKeys(client)).not.toContain("agent:main:main");

    // The stranger presses "Allow once" (a replayed callback on their own notice): nothing runs.
    const allowOnce = prompt.buttons[0]?.[0]?.data ?? "";
    api.pressButton(STRANGER, STRANGER, notice?.messageId ?? 0, allowOnce);
    await until(() => api.callbackAnswers.length === 1, "the refusal");
    expect(api.callbackAnswers[0]?.text).toBe("Only the owner (or a configured approver) can approve this.");
    expect(existsSync(join(stateDir, "workspace", marker))).toBe(false);
    expect(api.currentButtons(String(OWNER), prompt.messageId)).toBeDefined();

    // The owner presses "Allow once" in their DM: it runs, both messages show the outcome.
    api.pressButton(OWNER, OWNER, prompt.messageId, allowOnce);
    await until(() => api.sent.some((m) => m.chatId === String(STRANGER) && m.text === "done"), "the reply");
    expect(api.callbackAnswers.map((a) => a.text)).toEqual([
      "Only the owner (or a configured approver) can approve this.",
      "✅ Allowed once",
    ]);
    expect(existsSync(join(stateDir, "workspace", marker))).toBe(true);
    expect(lastToolResultText(faux)).not.toMatch(/denied|refused/i);
    await until(() => api.currentButtons(String(OWNER), prompt.messageId) === undefined, "the buttons to go");
    await until(
      () => api.currentText(String(STRANGER), notice?.messageId ?? 0)?.startsWith("✅ Allowed once") === true,
      "the notice's outcome",
    );
    await client.close();
  }, 40_000);

  it("without the owner, a stranger's command times out and does not run", async () => {
    const marker = "never-approved";
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(
      [{ text: "trying", toolCalls: [{ name: "exec", arguments: { command: `touch ${marker}` } }] }, "done"],
      { provider: "faux" },
    );
    const { stateDir, client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1", skipBootstrap: true } },
        tools: { exec: { approvalTimeoutSec: 1 } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
      },
      { models: [faux.model], stream: faux.stream },
    );
    api.dm(STRANGER, "exec touch x");
    await until(() => api.sent.some((m) => m.text === "done"), "the reply after the timeout");
    expect(api.sent.some((m) => m.buttons)).toBe(false);
    expect(existsSync(join(stateDir, "workspace", marker))).toBe(false);
    expect(lastToolResultText(faux)).toMatch(/approv|denied|timed out/i);
    await client.close();
  }, 40_000);

  it("the owner's DM is the main session and offers the owner-only cron tool; a stranger's is not", async () => {
    const toolNames: string[][] = [];
    const { api, client } = await start([
      (call) => {
        toolNames.push((call.context.tools ?? []).map((t) => t.name));
        return "hi owner";
      },
    ]);
    await pair(api, client, OWNER);
    api.dm(OWNER, "remind me at 9 tomorrow");
    await until(() => api.sent.some((m) => m.text === "hi owner"), "the reply");
    expect(await sessionKeys(client)).toContain("agent:main:main");
    expect(toolNames[0]).toContain("cron");
    // The contrast: a paired stranger's run is not offered the owner-only tool.
    await pair(api, client, STRANGER);
    api.dm(STRANGER, "remind me too");
    await until(() => toolNames.length === 2, "the stranger's run");
    expect(toolNames[1]).not.toContain("cron");
    expect(toolNames[1]).toContain("exec");

    // Owner-only commands follow the same identity: /send from the owner applies, from the stranger not.
    api.dm(OWNER, "/send off");
    await until(
      () => api.sent.some((m) => m.chatId === String(OWNER) && m.text.startsWith("Send policy")),
      "/send",
    );
    api.dm(STRANGER, "/send off");
    await until(
      () => api.sent.some((m) => m.chatId === String(STRANGER) && m.text.includes("Only the owner")),
      "/send",
    );
    expect(api.sent.find((m) => m.chatId === String(OWNER) && m.text.startsWith("Send policy"))?.text).toBe(
      "Send policy: off for this session.",
    );
    await client.close();
  }, 30_000);
});

describe("ownerNumbers in the config file", () => {
  it("an entry in an unknown form is a config error naming the entry and the accepted forms", () => {
    const dir = mkdtempSync(join(tmpdir(), "claw-owner-"));
    const path = join(dir, "claw.json");
    writeFileSync(path, JSON.stringify({ agents: { defaults: { identity: { ownerNumbers: ["@alice"] } } } }));
    expect(() => loadConfig({ env: { CLAW_CONFIG_PATH: path, CLAW_STATE_DIR: dir }, homeDir: dir })).toThrow(
      /agents\.defaults\.identity\.ownerNumbers\[0\] "@alice" is not an owner id: usernames change hands.*accepted forms: \+<E\.164 number>, telegram:<numeric user id>, discord:<user id>, slack:<user id>/s,
    );
  });
});

/**
 * Exec approvals in the chat: a Telegram session's command that needs a person is posted to that
 * chat with allow once / always allow / deny buttons; the press resolves it, the prompt is edited
 * to the outcome without buttons, and the run goes on. A timeout edits the prompt too.
 */
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { lastToolResultText, startTestGateway } from "./helpers.js";

const COMMAND = "sh -c 'echo approved-run'";
const execStep: FauxStep = {
  text: "running",
  toolCalls: [{ name: "exec", arguments: { command: COMMAND } }],
};
const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 20_000, what });

describe("exec approvals through Telegram buttons", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start(exec: Record<string, unknown> = {}) {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider([execStep, "done"], { provider: "faux" });
    await startTestGateway(
      {
        // 42 is the owner: the prompt of their own command comes to their chat.
        agents: {
          defaults: {
            model: "faux/faux-1",
            skipBootstrap: true,
            identity: { ownerNumbers: ["telegram:42"] },
          },
        },
        session: { dmScope: "per-channel-peer" },
        tools: { exec },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
      },
      { models: [faux.model], stream: faux.stream },
    );
    api.dm(42, "run the check");
    await until(() => api.sent.some((m) => m.buttons), "the approval prompt");
    const prompt = api.sent.find((m) => m.buttons);
    if (!prompt?.buttons) throw new Error("no prompt");
    return { api, faux, prompt, buttons: prompt.buttons };
  }

  it("allow once: the press resolves it, the prompt shows the outcome, the run goes on", async () => {
    const { api, faux, prompt, buttons } = await start();
    expect(prompt.chatId).toBe("42");
    expect(prompt.text).toContain(COMMAND);
    expect(buttons[0]?.map((b) => b.text)).toEqual(["Allow once", "Always allow", "Deny"]);
    api.pressButton(42, 42, prompt.messageId, buttons[0]?.[0]?.data ?? "");
    await until(() => api.sent.some((m) => m.text === "done"), "the final reply");
    expect(api.callbackAnswers.map((a) => a.text)).toEqual(["✅ Allowed once"]);
    expect(lastToolResultText(faux)).toContain("approved-run");
    await until(() => api.currentButtons("42", prompt.messageId) === undefined, "the buttons to go");
    expect(api.currentText("42", prompt.messageId)).toMatch(/^✅ Allowed once/);
  }, 30_000);

  it("deny: the model reads the denial; a second press finds nothing pending", async () => {
    const { api, faux, prompt, buttons } = await start();
    const deny = buttons[0]?.[2]?.data ?? "";
    api.pressButton(42, 42, prompt.messageId, deny);
    await until(() => api.sent.some((m) => m.text === "done"), "the final reply");
    expect(lastToolResultText(faux)).not.toContain("approved-run");
    api.pressButton(42, 42, prompt.messageId, deny);
    await until(() => api.callbackAnswers.length === 2, "the second answer");
    expect(api.callbackAnswers.map((a) => a.text)).toEqual([
      "⛔ Denied",
      "This approval is no longer pending.",
    ]);
  }, 30_000);

  it("a timeout denies and edits the prompt", async () => {
    const { api, prompt } = await start({ approvalTimeoutSec: 1 });
    await until(() => api.currentText("42", prompt.messageId)?.startsWith("⌛") === true, "the timeout edit");
    expect(api.currentButtons("42", prompt.messageId)).toBeUndefined();
  }, 30_000);
});

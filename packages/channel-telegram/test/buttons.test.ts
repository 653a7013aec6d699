/**
 * Inline keyboards: buttons on an outbound message become Telegram's inline_keyboard, a press
 * arrives as a `callback_query` and reaches the layer as a ChannelAction, and Telegram is answered
 * (answerCallbackQuery) with the layer's notice.
 */
import type { ChannelAction } from "@claw/channels";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../src/testing/index.js";
import { startLayer, until } from "./layer.js";

describe("telegram inline keyboards", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("sends buttons, turns a press into an action, answers the callback query", async () => {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    const actions: ChannelAction[] = [];
    const env = await startLayer({
      apis: [api],
      access: { dmPolicy: "open" },
      onAction: async (action) => {
        actions.push(action);
        return { text: `picked ${action.data}` };
      },
    });
    cleanups.push(() => env.stop());
    const buttons = [
      [
        { text: "Apples", data: "fruit:apple" },
        { text: "Pears", data: "fruit:pear" },
      ],
    ];
    const sent = await env.manager.send(
      "telegram",
      "default",
      { peer: { kind: "direct", id: "42" } },
      "Pick one",
      {
        buttons,
      },
    );
    expect(api.sent[0]?.buttons).toEqual(buttons);
    api.pressButton(42, 42, Number(sent.messageId), "fruit:pear");
    await until(() => api.callbackAnswers.length === 1, 5_000, "the callback answer");
    expect(actions).toEqual([
      {
        peer: { kind: "direct", id: "42" },
        sender: { id: "42", name: "User42", username: "user42" },
        data: "fruit:pear",
        messageId: sent.messageId,
        messageText: "Pick one",
      },
    ]);
    expect(api.callbackAnswers[0]?.text).toBe("picked fruit:pear");
    // A press is no chat message: nothing reached the agent.
    expect(api.sent).toHaveLength(1);
  });

  it("refuses a button whose data exceeds Telegram's 64 bytes before sending", async () => {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    const env = await startLayer({ apis: [api], access: { dmPolicy: "open" } });
    cleanups.push(() => env.stop());
    await expect(
      env.manager.send("telegram", "default", { peer: { kind: "direct", id: "42" } }, "Pick", {
        buttons: [[{ text: "Too long", data: "x".repeat(65) }]],
      }),
    ).rejects.toThrow(/65 bytes of data; Telegram allows 64/);
    expect(api.sent).toEqual([]);
  });
});

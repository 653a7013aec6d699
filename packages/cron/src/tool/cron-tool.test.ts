import type { AgentToolResult } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.js";
import { createCronTool } from "./cron-tool.js";

const T0 = Date.parse("2026-06-01T08:00:00Z");
const ctx = {
  toolCallId: "c1",
  signal: new AbortController().signal,
  agentId: "main",
  sessionKey: "agent:main:telegram:dm:42",
};
const text = (r: AgentToolResult) => (r.content[0]?.type === "text" ? r.content[0].text : "");
let h: Harness;
afterEach(async () => {
  await h?.close();
});

describe("the cron tool", () => {
  it("creates a reminder from a relative delay and announces it where asked", async () => {
    h = await createHarness(T0);
    const tool = createCronTool(h.service, () => h.clock.now());
    const added = await tool.execute(
      {
        action: "add",
        name: "tea",
        at: "20m",
        message: "Remind me that the tea is ready.",
        deliverTo: { channel: "last" },
      },
      ctx,
    );
    expect(added.isError).toBeUndefined();
    expect(text(added)).toMatch(
      /^Added .* "tea" at 2026-06-01T08:20:00.000Z, next 2026-06-01T08:20:00.000Z\.$/,
    );
    const listed = await tool.execute({ action: "list" }, ctx);
    expect(text(listed)).toMatch(/^1 job\(s\):/);
    h.script.turn = () => ({ status: "ok", text: "Your tea is ready." });
    await h.clock.advance(20 * 60_000);
    // "last" is the chat the reminder was asked for in.
    expect(h.delivered).toEqual([
      { target: { channel: "last", sessionKey: "agent:main:telegram:dm:42" }, text: "Your tea is ready." },
    ]);
    expect(h.service.list().total).toBe(0);
  });

  it.each([
    [{ action: "add" as const, name: "x", message: "m" }, /exactly one of at/],
    [
      { action: "add" as const, name: "x", at: "2020-01-01T00:00:00Z", message: "m" },
      /is in the past \(now is 2026-06-01T08:00:00.000Z\)/,
    ],
    [{ action: "add" as const, name: "x", cron: "0 25 * * *", message: "m" }, /not a valid expression/],
    [{ action: "add" as const, name: "x", every: "often", message: "m" }, /not a duration/],
    [{ action: "add" as const, name: "x", every: "1h" }, /exactly one of message/],
    [
      { action: "add" as const, name: "x", cron: "0 9 * * *", tz: "Moon/Base", message: "m" },
      /not an IANA zone/,
    ],
    [{ action: "remove" as const }, /needs the job id/],
    [{ action: "update" as const, id: "nope", enabled: false }, /does not exist/],
  ])("answers %o with an error the model can act on", async (params, message) => {
    h = await createHarness(T0);
    const result = await createCronTool(h.service, () => h.clock.now()).execute(params, ctx);
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(message);
  });
});

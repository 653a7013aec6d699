/**
 * Per-group tool policy: `channels.telegram.groups.<id>.tools` is a tool-policy layer for runs
 * from that group. A tool the group denies is not offered to the model there, but is in a DM.
 */
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

describe("per-group tool policy", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  it("a group's denied tool is not offered in that group, but is in a DM", async () => {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(["ok"], { provider: "faux", whenExhausted: "repeat-last" });
    await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1", skipBootstrap: true } },
        channels: {
          telegram: {
            botToken: api.token,
            apiRoot: api.url,
            dmPolicy: "open",
            groupPolicy: "open",
            groups: { "-100": { requireMention: false, tools: { deny: ["exec", "process"] } } },
          },
        },
      },
      { models: [faux.model], stream: faux.stream },
    );
    const offered = (i: number) => (faux.calls[i]?.context.tools ?? []).map((t) => t.name);

    api.groupMessage(-100, 7, "in the group");
    await waitUntil(() => api.sent.length === 1, { ms: 20_000, what: "the group reply" });
    const inGroup = offered(0);
    api.dm(42, "in a DM");
    await waitUntil(() => api.sent.length === 2, { ms: 20_000, what: "the DM reply" });
    const inDm = offered(1);

    expect(inDm).toContain("exec");
    expect(inDm).toContain("process");
    expect(inGroup).not.toContain("exec");
    expect(inGroup).not.toContain("process");
    expect(inGroup).toContain("read");
    expect(inGroup.length).toBe(inDm.length - 2);
  }, 30_000);
});

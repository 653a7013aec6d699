/**
 * Subagent thread binding end to end: the real discord.js client against the fake Discord, the
 * assembled gateway and the faux model. `sessions_spawn` with `thread: true` opens a thread on
 * the fake, the child's result is posted in it, messages there reach the child session (also
 * after a gateway restart), `/unfocus` sends them back to the main agent; a failed thread
 * creation rolls the spawn back.
 */
import { FakeDiscord } from "@claw/channel-discord/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider, type FauxCall, type FauxReply } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const ALICE = "200000000000000042";
const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 20_000, what });

type Blocks = { type: string; text?: string }[];
const textOf = (content: unknown) =>
  typeof content === "string" ? content : (content as Blocks).map((b) => b.text ?? "").join("");

/** The main agent spawns on "spawn …"; a child (its history starts with TASK) answers as "child". */
function script(spawnArgs: Record<string, unknown>) {
  return (call: FauxCall): FauxReply | string => {
    const messages = call.context.messages;
    const last = messages.at(-1);
    if (last?.role === "toolResult") return `spawn said: ${textOf(last.content)}`;
    const text = textOf(last?.content).replace(/^@\S+\s*/, "");
    if (text.startsWith("TASK")) return "Fjords are long and deep.";
    const isChild = messages.some((m) => m.role === "user" && textOf(m.content).startsWith("TASK"));
    if (isChild) return `child: ${text}`;
    if (text.startsWith("spawn"))
      return {
        toolCalls: [{ name: "sessions_spawn", arguments: { task: "TASK research fjords", ...spawnArgs } }],
      };
    return `main: ${text}`;
  };
}

describe("Discord subagent thread binding", () => {
  const fakes: FakeDiscord[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function setup(spawnArgs: Record<string, unknown>) {
    const fake = await new FakeDiscord().start();
    fakes.push(fake);
    const general = fake.addGuild("Home", ["general"]).channelIds[0] as string;
    const faux = createFauxProvider([script(spawnArgs)], { provider: "faux", whenExhausted: "repeat-last" });
    const document = {
      agents: { defaults: { model: "faux/faux-1" } },
      channels: {
        discord: { token: fake.token, rest: { api: fake.restApi }, groupPolicy: "open", dmPolicy: "open" },
      },
    };
    const start = (stateDir?: string) =>
      startTestGateway(document, {
        models: [faux.model],
        stream: faux.stream,
        ...(stateDir ? { stateDir } : {}),
      });
    return { fake, general, start };
  }

  const threadsOf = (fake: FakeDiscord) => [...fake.world.channels.values()].filter((c) => c.parent_id);

  it("opens a thread, posts the result there, routes the thread to the child across a restart, and /unfocus undoes it", async () => {
    const { fake, general, start } = await setup({ label: "fjords", thread: true, mode: "session" });
    const first = await start();
    fake.post(general, ALICE, "spawn a helper", { mention: true });
    await until(() => threadsOf(fake).length === 1, "the thread");
    const thread = threadsOf(fake)[0];
    expect(thread).toMatchObject({ name: "Subagent: fjords", parent_id: general });
    const threadId = thread?.id as string;
    await until(
      () => fake.textsIn(threadId).includes("Fjords are long and deep."),
      "the announce in the thread",
    );
    await until(() => fake.textsIn(general).length === 1, "the main agent's reply");
    expect(fake.textsIn(general)[0]).toMatch(/"status": "accepted"[\s\S]*"threadId": "\d+"/);

    const explained = await first.client.request("channels.routes.explain", {
      channel: "discord",
      peer: general,
      peerKind: "channel",
      threadId,
    });
    expect(explained).toMatchObject({ tier: "thread-binding", agentId: "main" });
    expect(explained.sessionKey).toMatch(/^agent:main:subagent:/);
    expect(explained.reason).toContain("thread binding");

    // No mention needed in the bound thread; the child session answers.
    fake.post(threadId, ALICE, "how long?");
    await until(() => fake.textsIn(threadId).includes("child: how long?"), "the child's answer");
    const child = await first.claw.sessions.get(explained.sessionKey);
    expect(child).toBeDefined();

    await first.client.close();
    await first.claw.close();
    const second = await start(first.stateDir);
    fake.post(threadId, ALICE, "still there?");
    await until(() => fake.textsIn(threadId).includes("child: still there?"), "the child after a restart");
    expect(fake.textsIn(threadId).filter((t) => t === "Fjords are long and deep.")).toHaveLength(1);

    fake.post(threadId, ALICE, "/unfocus");
    await until(() => fake.textsIn(threadId).some((t) => t.startsWith("Unfocused")), "the /unfocus reply");
    const after = await second.client.request("channels.routes.explain", {
      channel: "discord",
      peer: general,
      peerKind: "channel",
      threadId,
    });
    expect(after.tier).not.toBe("thread-binding");
    expect(after.sessionKey).toBe(`agent:main:discord:channel:${general}:thread:${threadId}`);
    fake.post(threadId, ALICE, "back to main", { mention: true });
    await until(() => fake.textsIn(threadId).includes("main: back to main"), "the main agent in the thread");
    await second.client.close();
  }, 60_000);

  it('mode "run" (default): the binding ends with the announce; later thread messages route normally', async () => {
    const { fake, general, start } = await setup({ label: "once", thread: true });
    const { client } = await start();
    fake.post(general, ALICE, "spawn once", { mention: true });
    await until(() => threadsOf(fake).length === 1, "the thread");
    const threadId = threadsOf(fake)[0]?.id as string;
    await until(() => fake.textsIn(threadId).includes("Fjords are long and deep."), "the announce");
    const explained = await client.request("channels.routes.explain", {
      channel: "discord",
      peer: general,
      peerKind: "channel",
      threadId,
    });
    expect(explained.tier).not.toBe("thread-binding");
    fake.post(threadId, ALICE, "hello?", { mention: true });
    await until(() => fake.textsIn(threadId).includes("main: hello?"), "the main agent's answer");
    await client.close();
  }, 60_000);

  it("a failed thread creation deletes the child session and the tool says why; a DM has no threads", async () => {
    const { fake, general, start } = await setup({ label: "nope", thread: true, mode: "session" });
    const { client, claw } = await start();
    fake.failNext("thread", { status: 403, message: "Missing Permissions" });
    fake.post(general, ALICE, "spawn please", { mention: true });
    await until(() => fake.textsIn(general).length === 1, "the main agent's reply");
    expect(fake.textsIn(general)[0]).toContain("could not open a thread in discord channel:");
    expect(fake.textsIn(general)[0]).toContain("Missing Permissions");
    const keys = (await claw.sessions.list()).map((s) => s.sessionKey);
    expect(keys.filter((k) => k.includes(":subagent:"))).toEqual([]);
    expect(threadsOf(fake)).toEqual([]);

    const dm = fake.dm(ALICE, "spawn in a DM");
    await until(() => fake.textsIn(dm.channel_id).length === 1, "the DM reply");
    expect(fake.textsIn(dm.channel_id)[0]).toContain("Discord has no threads in direct messages");
    expect((await claw.sessions.list()).filter((s) => s.sessionKey.includes(":subagent:"))).toEqual([]);
    await client.close();
  }, 60_000);
});

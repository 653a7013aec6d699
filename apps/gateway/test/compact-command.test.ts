import { randomUUID } from "node:crypto";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

async function send(client: Awaited<ReturnType<typeof startTestGateway>>["client"], message: string) {
  return (await client.request(
    "agent",
    { message, sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
    { expectFinal: true },
  )) as { status: string; summary?: string };
}

describe("/compact through the gateway", () => {
  it("says exactly why a one-exchange session is not compacted, and compacts once there is older history", async () => {
    const faux = createFauxProvider(["answer one", "answer two", "## Goal\nsay hello"], { provider: "faux" });
    const { client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    expect((await send(client, "hello one")).status).toBe("ok");
    const nothing = await send(client, "/compact");
    expect(JSON.stringify(nothing)).toContain(
      "Nothing to compact: nothing older than the latest turn: the session holds only its latest exchange (2 message(s)).",
    );
    expect((await send(client, "hello two")).status).toBe("ok");
    const done = await send(client, "/compact");
    expect(JSON.stringify(done)).toContain("Compacted: the conversation is now 3 messages.");
    await client.close();
  });
});

describe("sessions.compact", () => {
  it("compacts over the method too, says why when it does not, and refuses an unknown session", async () => {
    const faux = createFauxProvider(["answer one", "answer two", "## Goal\nsay hello"], { provider: "faux" });
    const { client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    const key = "agent:default:main";
    expect((await send(client, "hello one")).status).toBe("ok");
    const nothing = await client.request("sessions.compact", { key });
    expect(nothing).toMatchObject({
      ok: true,
      compacted: false,
      reason: expect.stringContaining("latest exchange"),
    });
    expect((await send(client, "hello two")).status).toBe("ok");
    expect(await client.request("sessions.compact", { key })).toEqual({
      ok: true,
      key,
      compacted: true,
      messages: 3,
    });
    await expect(client.request("sessions.compact", { key: "agent:default:ghost" })).rejects.toThrow(
      /No session/,
    );
    await client.close();
  });
});

/**
 * The real assembly answers what OpenClaw's CLI and TUI ask: `main` is the default agent (and
 * names an agent still called `default`), agents.list, commands.list from agent-core's command
 * table, sessions.describe from the session index, and `result.payloads` in the `agent` final.
 */
import { randomUUID } from "node:crypto";
import { COMMANDS } from "@claw/agent-core";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

async function start(
  script: Parameters<typeof createFauxProvider>[0],
  document: Record<string, unknown> = {},
) {
  const faux = createFauxProvider(script, { provider: "faux" });
  const agents = { defaults: { model: "faux/faux-1" }, ...(document.agents as object | undefined) };
  return startTestGateway(
    { ...document, agents },
    {
      models: [faux.model],
      stream: faux.stream,
      scopes: ["operator.read", "operator.write", "operator.admin"],
    },
  );
}

describe("OpenClaw clients against the assembled gateway", () => {
  it("a config without agents has OpenClaw's default agent main, reachable as agent:main:main", async () => {
    const { client } = await start(["Hi from main."]);
    const agents = (await client.request("agents.list", {})) as Record<string, unknown>;
    expect(agents).toMatchObject({
      defaultId: "main",
      ownership: "sole",
      mainKey: "main",
      scope: "per-sender",
      agents: [{ id: "main", kind: "agent", model: { primary: "faux/faux-1", fallbacks: [] } }],
    });
    const final = (await client.request(
      "agent",
      { message: "hi", agentId: "main", sessionKey: "agent:main:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as Record<string, unknown>;
    expect(final).toMatchObject({ status: "ok", result: { payloads: [{ text: "Hi from main." }] } });
    const described = (await client.request("sessions.describe", { key: "agent:main:main" })) as {
      session: Record<string, unknown> | null;
    };
    expect(described.session).toMatchObject({ key: "agent:main:main", agentId: "main", kind: "direct" });
    expect(await client.request("sessions.describe", { key: "agent:main:other" })).toEqual({ session: null });
    await client.close();
  });

  it("keeps accepting a config whose agent is called default: --agent main and agent:main:main reach it", async () => {
    const { client } = await start(["one", "two"], {
      agents: { list: [{ id: "default", default: true }, { id: "research" }] },
    });
    const agents = (await client.request("agents.list", {})) as { defaultId: string; ownership: string };
    expect(agents).toMatchObject({ defaultId: "default", ownership: "explicit" });
    const viaId = (await client.request(
      "agent",
      { message: "hi", agentId: "main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as Record<string, unknown>;
    expect(viaId).toMatchObject({ status: "ok", summary: "one" });
    await client.request(
      "agent",
      { message: "hi", sessionKey: "agent:main:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    const sessions = (await client.request("sessions.list", {})) as {
      sessions: { key: string; agentId: string }[];
    };
    // Both requests land in one session, run by the agent called default.
    expect(sessions.sessions.map((s) => [s.key, s.agentId])).toEqual([["agent:main:main", "default"]]);
    await expect(
      client.request(
        "agent",
        { message: "hi", agentId: "nobody", idempotencyKey: randomUUID() },
        { expectFinal: true },
      ),
    ).rejects.toThrow(/Unknown agent "nobody"/);
    await client.close();
  });

  it("commands.list lists every chat command of agent-core's table", async () => {
    const { client } = await start([]);
    const { commands } = (await client.request("commands.list", {})) as { commands: { name: string }[] };
    expect(commands.map((c) => c.name)).toEqual(COMMANDS.map((c) => c.name));
    expect(commands.find((c) => c.name === "stop")).toMatchObject({
      acceptsArgs: false,
      textAliases: ["/stop"],
    });
    expect(commands.find((c) => c.name === "model")).toMatchObject({
      acceptsArgs: true,
      category: "options",
    });
    await client.close();
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateConfig } from "@claw/config";
import { createFauxProvider } from "@claw/providers";
import { loadSqliteDriver } from "@claw/sqlite";
import OpenAI from "openai";
import { describe, expect, it, vi } from "vitest";
import { startClaw } from "../src/index.js";
import { startTestGateway } from "./helpers.js";

/** The better-sqlite3 build this Node uses (the one the code under test opens). */
const Database = loadSqliteDriver();

async function start(
  script: Parameters<typeof createFauxProvider>[0],
  document: Record<string, unknown> = {},
) {
  const faux = createFauxProvider(script, { provider: "faux" });
  const started = await startTestGateway(
    { agents: { defaults: { model: "faux/faux-1" } }, ...document },
    {
      models: [faux.model],
      stream: faux.stream,
      scopes: ["operator.read", "operator.write", "operator.admin"],
    },
  );
  return { ...started, faux };
}

describe("startClaw", () => {
  it("serves an agent run end to end over the real protocol", async () => {
    const { client, stateDir, claw } = await start(["Hello from the faux model."]);
    const events: unknown[] = [];
    client.on("agent", (payload) => events.push(payload));
    const final = (await client.request(
      "agent",
      { message: "hi", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as { status: string; summary?: string; runId: string };
    expect(final.status).toBe("ok");
    expect(events.length).toBeGreaterThan(1);
    const history = (await client.request("chat.history", { sessionKey: "agent:default:main" })) as {
      messages: { role: string }[];
    };
    expect(history.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    const sessions = (await client.request("sessions.list", {})) as { sessions: { key: string }[] };
    expect(sessions.sessions.map((s) => s.key)).toContain("agent:default:main");
    expect(statSync(join(stateDir, "gateway.token")).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(stateDir, "gateway.json"), "utf8")).port).toBe(claw.port);
    await client.close();
  });

  it("starts on a fresh state dir with agents.defaults.skipBootstrap, creating an empty workspace", async () => {
    const { client, stateDir } = await start(["ok"], {
      agents: { defaults: { model: "faux/faux-1", skipBootstrap: true } },
    });
    const final = (await client.request(
      "agent",
      { message: "hi", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as { status: string };
    expect(final.status).toBe("ok");
    expect(readdirSync(join(stateDir, "workspace"))).toEqual([]);
    await client.close();
  });

  it("a request without a session key lands in the default agent's main session", async () => {
    const { client } = await start(["ok"]);
    await client.request("agent", { message: "hi", idempotencyKey: randomUUID() }, { expectFinal: true });
    const sessions = (await client.request("sessions.list", {})) as { sessions: { key: string }[] };
    expect(sessions.sessions.map((s) => s.key)).toEqual(["agent:main:main"]);
    await client.close();
  });

  it("session.mainKey names the main session in hello-ok and for requests without a key", async () => {
    const { client } = await start(["ok"], { session: { mainKey: "home" } });
    expect(client.hello?.snapshot.sessionDefaults).toEqual({
      defaultAgentId: "main",
      mainKey: "home",
      mainSessionKey: "agent:main:home",
    });
    await client.request("agent", { message: "hi", idempotencyKey: randomUUID() }, { expectFinal: true });
    const sessions = (await client.request("sessions.list", {})) as { sessions: { key: string }[] };
    expect(sessions.sessions.map((s) => s.key)).toEqual(["agent:main:home"]);
    await client.close();
  });

  it("seeds the default workspace and lists bundled skills", async () => {
    const { client, stateDir } = await start([]);
    expect(readFileSync(join(stateDir, "workspace", "AGENTS.md"), "utf8").length).toBeGreaterThan(0);
    const skills = (await client.request("skills.list", {})) as { skills: { name: string }[] };
    expect(skills.skills.length).toBeGreaterThan(0);
    await client.close();
  });

  it("answers models.list, tools.effective and status", async () => {
    const { client } = await start([]);
    const models = (await client.request("models.list", {})) as {
      models: { id: string; provider: string; available?: boolean }[];
    };
    expect(models.models.find((m) => m.provider === "faux")?.available).toBe(true);
    const tools = (await client.request("tools.effective", { sessionKey: "agent:default:main" })) as {
      groups: { tools: { id: string }[] }[];
    };
    const ids = tools.groups.flatMap((g) => g.tools.map((t) => t.id));
    expect(ids).toEqual(expect.arrayContaining(["read", "write", "edit", "exec"]));
    expect(ids).not.toContain("apply_patch");
    const status = (await client.request("status", {})) as { sessions: { defaults: { model: string } } };
    expect(status.sessions.defaults.model).toBe("faux/faux-1");
    await client.close();
  });

  it("rejects an unknown model and agent with clear errors", async () => {
    const { client } = await start([]);
    await expect(
      client.request(
        "agent",
        { message: "x", model: "nope/nothing", idempotencyKey: randomUUID() },
        { expectFinal: true },
      ),
    ).rejects.toThrow(/Unknown model "nope\/nothing".*Known models include: faux\/faux-1/);
    await expect(
      client.request(
        "agent",
        { message: "x", model: "anthropic/claude-opsu-4-6", idempotencyKey: randomUUID() },
        { expectFinal: true },
      ),
    ).rejects.toThrow(/did you mean "anthropic\/claude-opus-4-6"\?/);
    await expect(
      client.request(
        "agent",
        { message: "x", agentId: "ghost", idempotencyKey: randomUUID() },
        { expectFinal: true },
      ),
    ).rejects.toThrow(/Unknown agent "ghost"/);
    await client.close();
  });

  it("config.patch validates, writes and reports what took effect and what needs a restart", async () => {
    const { client, stateDir } = await start([]);
    const bad = client.request("config.patch", { raw: '{ gateway: { port: "nope" } }' });
    await expect(bad).rejects.toThrow(/gateway\.port/);
    const ok = (await client.request("config.patch", {
      raw: "{ agents: { defaults: { thinkingDefault: 'low' } }, gateway: { port: 18999 } }",
    })) as { hotApplied: string[]; restartRequired: string[] };
    expect(ok.hotApplied).toEqual(["agents.defaults.thinkingDefault"]);
    expect(ok.restartRequired).toEqual(["gateway.port"]);
    expect(readFileSync(join(stateDir, "claw.json"), "utf8")).toContain("thinkingDefault");
    await client.close();
  });

  it("speaks the OpenAI-compatible API to the real openai SDK", async () => {
    const { claw } = await start(["Bonjour."]);
    const openai = new OpenAI({ baseURL: `${claw.url.replace("ws://", "http://")}/v1`, apiKey: claw.token });
    const reply = await openai.chat.completions.create({
      model: "claw",
      messages: [{ role: "user", content: "salut" }],
    });
    expect(reply.choices[0]?.message.content).toBe("Bonjour.");
  });
});

describe("commands, memory and subagents through the gateway", () => {
  it("handles /status and /think before the model", async () => {
    const { client, faux } = await start([]);
    const status = (await client.request(
      "agent",
      { message: "/status", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as { status: string; summary?: string };
    expect(status.status).toBe("ok");
    const think = (await client.request(
      "agent",
      { message: "/think high", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as { status: string };
    expect(think.status).toBe("ok");
    const sessions = (await client.request("sessions.list", {})) as {
      sessions: { key: string; thinkingLevel?: string }[];
    };
    expect(sessions.sessions.find((s) => s.key === "agent:default:main")?.thinkingLevel).toBe("high");
    expect(faux.calls).toHaveLength(0);
    await client.close();
  });

  it("searches the agent's memory files (keyword-only without an embedding key)", async () => {
    const { client, claw } = await start([]);
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      join(claw.agents[0]!.workspaceDir, "MEMORY.md"),
      "# People\nAda prefers tea over coffee.\n",
    );
    const found = (await client.request("memory.search", { query: "Ada tea" })) as {
      results: { path: string; snippet: string }[];
    };
    expect(found.results[0]?.path).toBe("MEMORY.md");
    expect(found.results[0]?.snippet).toContain("Ada prefers tea");
    await client.close();
  });

  it("gives the agent memory and session tools", async () => {
    const { claw } = await start([]);
    const names = (claw.agents[0]!.definition.tools ?? []).map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "memory_search",
        "memory_get",
        "sessions_spawn",
        "sessions_list",
        "sessions_send",
      ]),
    );
  });
});

describe("memory options from config", () => {
  it.each([
    [
      { provider: "openai", remote: { apiKey: "sk-test" } },
      { provider: "openai", apiKey: "sk-test" },
    ],
    [{ provider: "ollama" }, { provider: "ollama" }],
    [{ provider: "local" }, { provider: "ollama" }],
    [{ provider: "voyage" }, { provider: "none" }],
    [{}, { provider: "none" }],
  ])("%j → %j", async (memorySearch, embedding) => {
    const { memoryIndexOptions } = await import("../src/index.js");
    const result = validateConfig({ agents: { defaults: { memorySearch } } });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const notices: string[] = [];
    const options = memoryIndexOptions(result.config, "default", {
      stateDir: "/s",
      workspaceDir: "/w",
      env: {},
      onNotice: (m) => notices.push(m),
    });
    expect(options?.embedding).toMatchObject(embedding);
    expect(options?.dbPath).toBe("/s/memory/default.sqlite");
    if ((memorySearch as { provider?: string }).provider === "voyage")
      expect(notices[0]).toMatch(/voyage.*not supported/);
  });

  it("is off when memorySearch.enabled is false", async () => {
    const { memoryIndexOptions } = await import("../src/index.js");
    const result = validateConfig({ agents: { defaults: { memorySearch: { enabled: false } } } });
    if (!result.ok) throw new Error("invalid");
    expect(
      memoryIndexOptions(result.config, "default", { stateDir: "/s", workspaceDir: "/w", env: {} }),
    ).toBeUndefined();
  });
});

describe("startClaw failures", () => {
  it("closes what it assembled when the gateway cannot listen", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as AddressInfo).port;
    const stateDir = mkdtempSync(join(tmpdir(), "claw-gw-"));
    const faux = createFauxProvider([], { provider: "faux" });
    const result = validateConfig({ agents: { defaults: { model: "faux/faux-1" } } });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const closes = vi.spyOn(Database.prototype, "close");
    try {
      await expect(
        startClaw({
          config: result.config,
          stateDir,
          configPath: join(stateDir, "claw.json"),
          homeDir: stateDir,
          env: {},
          host: "127.0.0.1",
          port,
          models: [faux.model],
          stream: faux.stream,
          watchSkills: false,
        }),
      ).rejects.toThrow(/EADDRINUSE|in use/);
      // The state db and the session index were both closed, not left open behind the error.
      expect(closes.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      closes.mockRestore();
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});

describe("tools.effective for a subagent session", () => {
  it("applies the subagent policy (no sessions_spawn at depth 1 with maxSpawnDepth 1)", async () => {
    const { client } = await start([]);
    const ids = async (sessionKey: string) =>
      (
        (await client.request("tools.effective", { sessionKey })) as { groups: { tools: { id: string }[] }[] }
      ).groups.flatMap((g) => g.tools.map((t) => t.id));
    expect(await ids("agent:default:main")).toContain("sessions_spawn");
    expect(await ids("agent:default:subagent:3f1c")).not.toContain("sessions_spawn");
    await client.close();
  });
});

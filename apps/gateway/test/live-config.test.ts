/**
 * Config and credential changes reach the running gateway: hand edits, `config.patch` and keys
 * written by `claw onboard` take effect without a restart; an invalid edit is never applied.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawClient } from "@claw/client";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const BASE = { agents: { defaults: { model: "faux/faux-1" } } };

async function start(options: { watch?: boolean } = {}) {
  const faux = createFauxProvider(["ok", "ok", "ok"], { provider: "faux" });
  const started = await startTestGateway(BASE, {
    models: [faux.model],
    stream: faux.stream,
    scopes: ["operator.read", "operator.write", "operator.admin"],
    watchConfig: options.watch ?? false,
  });
  return { ...started, faux };
}

async function effectiveTools(client: ClawClient): Promise<string[]> {
  const result = (await client.request("tools.effective", { sessionKey: "agent:default:main" })) as {
    groups: { tools: { id: string }[] }[];
  };
  return result.groups.flatMap((g) => g.tools.map((t) => t.id));
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

function writeConfig(stateDir: string, document: unknown) {
  writeFileSync(join(stateDir, "claw.json"), JSON.stringify(document));
}

describe("live config", () => {
  it("a hand edit of tools.deny reaches tools.effective and the model at once", async () => {
    const { client, stateDir, faux } = await start({ watch: true });
    expect(await effectiveTools(client)).toEqual(expect.arrayContaining(["exec", "process"]));
    writeConfig(stateDir, { ...BASE, tools: { deny: ["exec", "process"] } });
    const after = await until(
      () => effectiveTools(client),
      (ids) => !ids.includes("exec"),
    );
    expect(after).not.toContain("exec");
    expect(after).not.toContain("process");
    await client.request(
      "agent",
      { message: "hi", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    const offered = (faux.calls.at(-1)?.context.tools ?? []).map((t) => t.name);
    expect(offered).toContain("read");
    expect(offered).not.toContain("exec");
    expect(offered).not.toContain("process");
    await client.close();
  });

  it("an invalid edit is never applied: the last good config stays and the error is recorded", async () => {
    const { client, stateDir, claw } = await start();
    writeConfig(stateDir, { ...BASE, tools: { deny: ["exec"] } });
    expect((await claw.config.reload("test")).ok).toBe(true);
    writeFileSync(join(stateDir, "claw.json"), "{ tools: { deny: [exec }");
    const refused = await claw.config.reload("test");
    expect(refused.ok).toBe(false);
    expect(refused.error).toContain("claw.json");
    expect(await effectiveTools(client)).not.toContain("exec");
    const recorded = JSON.parse(readFileSync(join(stateDir, "config-status.json"), "utf8"));
    expect(recorded).toMatchObject({ ok: false });
    writeConfig(stateDir, {
      ...BASE,
      tools: { deny: ["exec"] },
      agents: { defaults: { model: "faux/faux-1", thinkingDefault: "bogus" } },
    });
    expect((await claw.config.reload("test")).ok).toBe(false);
    writeConfig(stateDir, BASE);
    expect((await claw.config.reload("test")).ok).toBe(true);
    expect(await effectiveTools(client)).toContain("exec");
    await client.close();
  });

  it("config.patch applies tool policy live and names what needs a restart", async () => {
    const { client } = await start();
    const result = (await client.request("config.patch", {
      raw: '{ tools: { deny: ["exec"] }, gateway: { port: 18998 } }',
    })) as { hotApplied: string[]; restartRequired: string[] };
    expect(result.hotApplied).toEqual(["tools.deny"]);
    expect(result.restartRequired).toEqual(["gateway.port"]);
    expect(await effectiveTools(client)).not.toContain("exec");
    await expect(
      client.request("config.patch", {
        raw: '{ agents: { defaults: { model: "anthropic/claude-opsu-4-6" } } }',
      }),
    ).rejects.toThrow(/did you mean "anthropic\/claude-opus-4-6"/);
    await client.close();
  });

  it("a key written to auth-profiles.json after start is used without a restart", async () => {
    const { client, stateDir } = await start({ watch: true });
    const openaiAvailable = async () => {
      const list = (await client.request("models.list", {})) as {
        models: { provider: string; available?: boolean }[];
      };
      return list.models.some((m) => m.provider === "openai" && m.available);
    };
    expect(await openaiAvailable()).toBe(false);
    const dir = join(stateDir, "agents", "main");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "auth-profiles.json"),
      JSON.stringify({
        version: 1,
        profiles: [{ id: "openai:main", provider: "openai", type: "api_key", apiKey: "sk-test" }],
      }),
      { mode: 0o600 },
    );
    expect(await until(openaiAvailable, (ok) => ok)).toBe(true);
    await client.close();
  });
});

describe("Ollama models", () => {
  it("count as available only while an Ollama server answers", async () => {
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      res.writeHead(req.url === "/api/tags" ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify({ models: [{ name: "qwen3:8b", model: "qwen3:8b", size: 1 }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const { createOllamaProbe } = await import("../src/index.js");
    const faux = createFauxProvider([], { provider: "faux" });
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: { primary: "faux/faux-1", fallbacks: ["ollama/qwen3:8b"] } } },
        models: {
          providers: { ollama: { baseUrl: `http://127.0.0.1:${port}`, models: [{ id: "qwen3:8b" }] } },
        },
      },
      { models: [faux.model], stream: faux.stream, ollamaProbe: createOllamaProbe({ ttlMs: 0 }) },
    );
    const qwen = async () => {
      const list = (await client.request("models.list", {})) as {
        models: { provider: string; id: string; available?: boolean }[];
      };
      return list.models.find((m) => m.provider === "ollama" && m.id === "qwen3:8b")?.available;
    };
    expect(await qwen()).toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await qwen()).toBe(false);
    await client.close();
  });
});

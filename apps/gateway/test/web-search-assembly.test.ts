/**
 * web_search in the gateway: absent (with the reason) until a search provider is configured;
 * with Brave keyed from the environment or SearXNG at a URL, the agent is given the tool and a
 * model call to it reaches the provider's (local, documented-format) server.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { validateConfig } from "@claw/config";
import { createFauxProvider } from "@claw/providers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { absentTools, offeredToolNames, resolveWebSearch } from "../src/index.js";
import { lastToolResultText, startTestGateway } from "./helpers.js";

function config(document: Record<string, unknown>) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        query: url.searchParams.get("q"),
        number_of_results: 0,
        results: [
          { url: "https://claw.example/", title: "Claw home", content: "Claw, the assistant", engine: "x" },
        ],
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("web_search resolution", () => {
  it.each<[string, Record<string, unknown>, Record<string, string>, RegExp | string]>([
    ["nothing configured", {}, {}, /no search provider is configured: set BRAVE_API_KEY/],
    ["switched off", { enabled: false }, { BRAVE_API_KEY: "k" }, "tools.web.search.enabled is false"],
    ["brave without key", { provider: "brave" }, {}, /provider is brave but no Brave key/],
    ["searxng without URL", { provider: "searxng" }, {}, /searxng but tools\.web\.search\.baseUrl/],
    ["model without model", { provider: "openai-compatible" }, {}, /model is not set/],
    [
      "model without key",
      { provider: "openai-compatible", model: "openai/gpt-4o-search-preview" },
      {},
      /no key for search model/,
    ],
    ["unknown provider", { provider: "bing" }, {}, /"bing" is not one of brave, searxng, openai-compatible/],
  ])("%s → absent with the reason", (_, search, env, reason) => {
    const resolved = resolveWebSearch(config({ tools: { web: { search } } }), env);
    expect(resolved.ok).toBe(false);
    if (!resolved.ok) expect(resolved.reason).toMatch(reason);
    const absent = absentTools(config({ tools: { web: { search } } }), "main", env);
    expect(absent.find((a) => a.tool === "web_search")?.reason).toMatch(reason);
  });

  it.each<
    [
      string,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, string>,
      Record<string, unknown>,
    ]
  >([
    [
      "brave from BRAVE_API_KEY",
      {},
      {},
      { BRAVE_API_KEY: " env-key " },
      { kind: "brave", apiKey: "env-key" },
    ],
    [
      "brave from the config key first",
      { apiKey: "cfg" },
      {},
      { BRAVE_API_KEY: "env" },
      { kind: "brave", apiKey: "cfg" },
    ],
    [
      "brave from an auth profile",
      {},
      { auth: { profiles: { "brave:main": { provider: "brave", apiKey: "profile-key" } } } },
      {},
      { kind: "brave", apiKey: "profile-key" },
    ],
    [
      "searxng at its URL",
      { provider: "searxng", baseUrl: "http://127.0.0.1:8888" },
      {},
      {},
      { kind: "searxng" },
    ],
    [
      "a search model keyed through the provider table",
      { provider: "openai-compatible", model: "openai/gpt-4o-search-preview" },
      {},
      { OPENAI_API_KEY: "sk-test" },
      {
        kind: "openai-compatible",
        baseUrl: "https://api.openai.com/v1",
        apiKey: "sk-test",
        model: "gpt-4o-search-preview",
      },
    ],
  ])("%s", (_, search, extra, env, plan) => {
    const resolved = resolveWebSearch(config({ ...extra, tools: { web: { search } } }), env);
    expect(resolved).toMatchObject({ ok: true, plan });
    expect(offeredToolNames(config({ ...extra, tools: { web: { search } } }), "main", env)).toContain(
      "web_search",
    );
  });
});

describe("web_search in the gateway", () => {
  it("is not given to the model without a provider", async () => {
    const faux = createFauxProvider(["ok"], { provider: "faux" });
    const { claw } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      {
        models: [faux.model],
        stream: faux.stream,
      },
    );
    expect(claw.agents[0]?.definition.tools?.map((t) => t.name)).not.toContain("web_search");
  });

  it("with SearXNG configured, a model's call reaches the instance and reads fenced results", async () => {
    const faux = createFauxProvider(
      [{ toolCalls: [{ name: "web_search", arguments: { query: "claw assistant" } }] }, "found it"],
      { provider: "faux" },
    );
    const { claw, client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        tools: { web: { search: { provider: "searxng", baseUrl: base } } },
      },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    const names = claw.agents[0]?.definition.tools?.map((t) => t.name) ?? [];
    expect(names.indexOf("web_search")).toBe(names.indexOf("web_fetch") + 1);
    await client.request(
      "agent",
      { message: "search", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    const seen = lastToolResultText(faux);
    expect(seen).toContain("<untrusted-web-content");
    expect(seen).toContain("1. Claw home\n   https://claw.example/\n   Claw, the assistant");
  });
});

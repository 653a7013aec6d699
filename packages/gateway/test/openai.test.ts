import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import type { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";

let gw: GatewayHandle;
let fake: ReturnType<typeof createFakeRuntime>;
let client: OpenAI;
beforeAll(async () => {
  ({ gw, fake } = await startTestGateway());
  client = new OpenAI({ apiKey: TOKEN, baseURL: `http://127.0.0.1:${gw.port}/v1`, maxRetries: 0 });
});
afterAll(() => gw.close());

describe("OpenAI-compatible HTTP API with the real openai SDK", () => {
  it("lists agents as models", async () => {
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    expect(ids).toEqual(["claw", "claw/main", "claw/coder"]);
  });

  it("answers a non-streaming completion routed to an agent", async () => {
    const res = await client.chat.completions.create({
      model: "claw/coder",
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hi there" },
      ],
      user: "alice",
    });
    expect(res.choices[0]?.message.content).toBe("echo: hi there");
    expect(res.usage?.total_tokens).toBe(7);
    expect(fake.runs.at(-1)).toMatchObject({ agentId: "coder", sessionKey: "agent:coder:openai:alice" });
  });

  it("streams deltas", async () => {
    const stream = await client.chat.completions.create({
      model: "claw",
      messages: [{ role: "user", content: "stream me" }],
      stream: true,
    });
    let text = "";
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toBe("echo: stream me");
    expect(finish).toBe("stop");
  });

  it("honours stream_options.include_usage: a last chunk with no choices carries the usage", async () => {
    const stream = await client.chat.completions.create({
      model: "claw",
      messages: [{ role: "user", content: "count me" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    expect(chunks.slice(0, -1).every((c) => c.usage === null && c.choices.length === 1)).toBe(true);
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe("stop");
  });

  it("sends no usage chunk unless asked", async () => {
    const stream = await client.chat.completions.create({
      model: "claw",
      messages: [{ role: "user", content: "no usage" }],
      stream: true,
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((c) => c.choices.length === 1 && c.usage === undefined)).toBe(true);
  });

  it("refuses a wrong bearer token and unknown models", async () => {
    const bad = new OpenAI({ apiKey: "wrong", baseURL: `http://127.0.0.1:${gw.port}/v1`, maxRetries: 0 });
    await expect(bad.models.list()).rejects.toMatchObject({ status: 401 });
    await expect(
      client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }] }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it("reports a failed run as a server error", async () => {
    await expect(
      client.chat.completions.create({ model: "claw", messages: [{ role: "user", content: "fail" }] }),
    ).rejects.toMatchObject({
      status: 502,
    });
  });
});

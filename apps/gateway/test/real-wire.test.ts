/**
 * The whole stack on the real provider SDKs: gateway → runtime → failover → the Anthropic and
 * OpenAI-compatible adapters → local servers that speak those providers' wire formats (SSE
 * events as the real APIs send them). No faux provider anywhere.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

type Handler = (body: Record<string, unknown>, res: ServerResponse) => void;
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** A local HTTP server answering POSTs with the next scripted handler; records request bodies. */
async function wireServer(handlers: Handler[]) {
  const requests: Record<string, unknown>[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c: Buffer) => {
      raw += c.toString();
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      requests.push(body);
      const handler = handlers.shift();
      if (!handler) {
        res.statusCode = 500;
        res.end("no scripted response left");
        return;
      }
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[]) {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  for (const e of events)
    res.write(
      `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`,
    );
  res.end();
}

/** Anthropic Messages stream: text and/or one tool_use block, as the real API frames it. */
function anthropicReply(parts: {
  text?: string;
  tool?: { name: string; input: Record<string, unknown> };
}): Handler {
  return (_body, res) => {
    const events: { event: string; data: unknown }[] = [
      {
        event: "message_start",
        data: {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-sonnet-4-5",
            content: [],
            stop_reason: null,
            usage: { input_tokens: 25, output_tokens: 1 },
          },
        },
      },
    ];
    let index = 0;
    if (parts.text !== undefined) {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      });
      for (const word of parts.text.split(/(?<= )/)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "text_delta", text: word } },
        });
      }
      events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
      index += 1;
    }
    if (parts.tool) {
      const json = JSON.stringify(parts.tool.input);
      events.push({
        event: "content_block_start",
        data: {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: "toolu_01", name: parts.tool.name, input: {} },
        },
      });
      for (const piece of ["", json.slice(0, 5), json.slice(5)]) {
        events.push({
          event: "content_block_delta",
          data: {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: piece },
          },
        });
      }
      events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
    }
    events.push({
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: parts.tool ? "tool_use" : "end_turn", stop_sequence: null },
        usage: { output_tokens: 12 },
      },
    });
    events.push({ event: "message_stop", data: { type: "message_stop" } });
    sse(res, events);
  };
}

const anthropic429: Handler = (_body, res) => {
  res.writeHead(429, { "content-type": "application/json", "retry-after": "30" });
  res.end(
    JSON.stringify({
      type: "error",
      error: {
        type: "rate_limit_error",
        message: "Number of request tokens has exceeded your per-minute rate limit",
      },
    }),
  );
};

/** OpenAI Chat Completions stream, ended by [DONE]. */
function chatReply(text: string): Handler {
  return (_body, res) => {
    const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "llama" };
    sse(res, [
      {
        data: {
          ...base,
          choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
        },
      },
      ...text.split(/(?<= )/).map((w) => ({
        data: { ...base, choices: [{ index: 0, delta: { content: w }, finish_reason: null }] },
      })),
      { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] } },
      {
        data: { ...base, choices: [], usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 } },
      },
      { data: "[DONE]" },
    ]);
  };
}

const startWith = (document: Record<string, unknown>) => startTestGateway(document);

describe("real provider wire formats end to end", () => {
  it("runs a tool call on the Anthropic SDK and answers with the tool's result", async () => {
    const anthropic = await wireServer([
      anthropicReply({ text: "Let me read it. ", tool: { name: "read", input: { path: "notes.txt" } } }),
      anthropicReply({ text: "The note says: remember the milk." }),
    ]);
    const { claw, client } = await startWith({
      agents: { defaults: { model: "anthropic/claude-sonnet-4-5" } },
      models: { providers: { anthropic: { baseUrl: anthropic.url, apiKey: "sk-ant-test" } } },
    });
    writeFileSync(join(claw.agents[0]!.workspaceDir, "notes.txt"), "remember the milk\n");
    const deltas: string[] = [];
    client.on("agent", (payload) => {
      const event = payload as { stream?: string; data?: { delta?: unknown } };
      if (event.stream === "assistant" && typeof event.data?.delta === "string")
        deltas.push(event.data.delta);
    });
    const final = (await client.request(
      "agent",
      { message: "What does my note say?", sessionKey: "agent:default:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    )) as { status: string };
    expect(final.status).toBe("ok");
    expect(deltas.join("")).toContain("The note says: remember the milk.");
    const second = anthropic.requests[1] as {
      messages: { role: string; content: { type: string; content?: unknown }[] }[];
      system?: unknown;
    };
    const toolResult = second.messages.at(-1)?.content.find((c) => c.type === "tool_result");
    expect(JSON.stringify(toolResult)).toContain("remember the milk");
    // The system prompt went out: safety section, the tool lines, the workspace.
    const system = JSON.stringify(anthropic.requests[0]?.system);
    expect(system).toContain("Safety");
    expect(system).toContain(claw.agents[0]!.workspaceDir);
    await client.close();
  });

  it("falls back from a rate-limited Anthropic to an OpenAI-compatible server, and says so", async () => {
    const anthropic = await wireServer([anthropic429]);
    const local = await wireServer([chatReply("Hello from the fallback model.")]);
    const { client } = await startWith({
      agents: { defaults: { model: { primary: "anthropic/claude-sonnet-4-5", fallbacks: ["local/llama"] } } },
      models: {
        providers: {
          anthropic: { baseUrl: anthropic.url, apiKey: "sk-ant-test" },
          local: {
            api: "openai-completions",
            baseUrl: `${local.url}/v1`,
            apiKey: "sk-local",
            models: [{ id: "llama" }],
          },
        },
      },
    });
    const failover: string[] = [];
    client.on("agent", (event) => {
      if (event.stream === "lifecycle" && event.data.phase === "failover") failover.push(event.data.type);
    });
    const final = await client.requestFinal("agent", {
      message: "hi",
      sessionKey: "agent:default:main",
      idempotencyKey: randomUUID(),
    });
    expect(final.status).toBe("ok");
    expect(anthropic.requests).toHaveLength(1);
    expect(local.requests).toHaveLength(1);
    expect(failover).toEqual(expect.arrayContaining(["attempt_failed", "fallback"]));
    const history = await client.request("chat.history", { sessionKey: "agent:default:main" });
    expect(JSON.stringify(history.messages.at(-1)?.content)).toContain("Hello from the fallback model.");
    await client.close();
  });
});

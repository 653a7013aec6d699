import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { buildOpenAiSessionKey } from "@claw/ids";
import type { GatewayContext } from "../../context.js";
import type { RunEvent, RunOutcome } from "../../runtime.js";
import { resolveAgent } from "./models.js";
import { sendError, sendJson } from "./router.js";

interface ChatRequest {
  model?: unknown;
  messages?: unknown;
  stream?: unknown;
  stream_options?: unknown;
  user?: unknown;
}

/** OpenAI's `usage` object for a finished run. */
function openAIUsage(result: RunOutcome) {
  const input = result.usage?.input ?? 0;
  const output = result.usage?.output ?? 0;
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: result.usage?.totalTokens ?? input + output,
  };
}

/** `stream_options.include_usage`: OpenAI then adds a last chunk with `choices: []` and the usage. */
function wantsStreamUsage(body: ChatRequest): boolean {
  const options = body.stream_options;
  return (
    typeof options === "object" &&
    options !== null &&
    (options as { include_usage?: unknown }).include_usage === true
  );
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new RangeError(`request body over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Text of the last user message (string content or text parts). */
function lastUserText(messages: unknown): string | undefined {
  if (!Array.isArray(messages)) return undefined;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown };
    if (m?.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    if (Array.isArray(m.content)) {
      return m.content
        .map((p: { type?: unknown; text?: unknown }) =>
          p?.type === "text" && typeof p.text === "string" ? p.text : "",
        )
        .join("");
    }
  }
  return undefined;
}

/**
 * `POST /v1/chat/completions`, routed to an agent: the model id picks the agent (`claw`,
 * `claw/<agentId>`), the last user message is the turn, `user` picks the session.
 */
export async function chatCompletions(
  ctx: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let body: ChatRequest;
  try {
    body = JSON.parse(await readBody(req, ctx.limits.maxHttpBodyBytes)) as ChatRequest;
  } catch (err) {
    return sendError(
      res,
      err instanceof RangeError ? 413 : 400,
      `invalid JSON body: ${(err as Error).message}`,
      "invalid_request_error",
    );
  }
  const model = typeof body.model === "string" ? body.model : "";
  const agent = resolveAgent(model, await ctx.ports.catalog.agents());
  if (!agent) {
    return sendError(
      res,
      404,
      `model "${model}" is not an agent of this gateway; GET /v1/models lists them`,
      "invalid_request_error",
      "model_not_found",
    );
  }
  const message = lastUserText(body.messages);
  if (!message)
    return sendError(res, 400, "messages must contain a user message with text", "invalid_request_error");
  const user = typeof body.user === "string" && body.user ? body.user : "default";
  const sessionKey = buildOpenAiSessionKey(agent.agentId, user);
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const stream = body.stream === true;
  const includeUsage = stream && wantsStreamUsage(body);
  const abort = new AbortController();
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    // As OpenAI does: with include_usage every chunk says `usage: null` until the usage chunk.
    ...(includeUsage ? { usage: null } : {}),
  });
  if (stream) {
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    res.write(`data: ${JSON.stringify(chunk({ role: "assistant", content: "" }, null))}\n\n`);
  }
  const onEvent = (ev: RunEvent) => {
    if (
      stream &&
      !res.writableEnded &&
      ev.stream === "assistant" &&
      ev.data.kind === undefined &&
      ev.data.delta
    ) {
      res.write(`data: ${JSON.stringify(chunk({ content: ev.data.delta }, null))}\n\n`);
    }
  };
  const run = await ctx.fanout.start(
    { sessionKey, agentId: agent.agentId, message, idempotencyKey: `openai:${id}` },
    onEvent,
  );
  res.on("close", () => {
    if (!res.writableFinished) abort.abort();
  });
  abort.signal.addEventListener("abort", () =>
    ctx.ports.runs.abort({ runId: run.runId }, "the HTTP client went away"),
  );
  const result = await run.delivered;
  const finish = result.status === "ok" ? "stop" : result.status === "timeout" ? "length" : "stop";
  if (stream) {
    if (result.status !== "ok") {
      res.write(
        `data: ${JSON.stringify({ error: { message: result.error?.message ?? `run ${result.status}`, type: "server_error" } })}\n\n`,
      );
    }
    res.write(`data: ${JSON.stringify(chunk({}, finish))}\n\n`);
    if (includeUsage) {
      const usageChunk = {
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [],
        usage: openAIUsage(result),
      };
      res.write(`data: ${JSON.stringify(usageChunk)}\n\n`);
    }
    res.end("data: [DONE]\n\n");
    return;
  }
  if (result.status !== "ok") {
    return sendError(
      res,
      result.status === "timeout" ? 504 : 502,
      `agent run ${result.status}: ${result.error?.message ?? "no detail"}`,
      "server_error",
    );
  }
  const usage = openAIUsage(result);
  sendJson(res, 200, {
    id,
    object: "chat.completion",
    created,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: result.text ?? "" },
        finish_reason: finish,
        logprobs: null,
      },
    ],
    usage,
  });
}

/**
 * The fake Discord's REST API (v10): routes the channel uses, Discord's error bodies
 * (`{ message, code }`, 50035 for invalid form bodies, 10003 unknown channel), and its rate-limit
 * answers: `429 { message, retry_after, global }` with `Retry-After`, `X-RateLimit-Global` and
 * `X-RateLimit-Scope`, plus `X-RateLimit-*` bucket headers on message sends.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIUser } from "discord.js";
import { type FakeDiscord, json, type RestOperation } from "./fake-discord.js";
import type { FakeChannel } from "./fake-world.js";

export interface RestFault {
  status: number;
  message?: string;
  /** 429: seconds to wait (`retry_after`). */
  retryAfter?: number;
  /** 429: the global limit rather than the route's. */
  global?: boolean;
  /** Sends only: the message IS created, then this failure is the answer (a lost response). */
  afterCreate?: boolean;
}

const MAX_CONTENT = 2000;

interface Body {
  json: Record<string, unknown>;
  files: { name: string; size: number }[];
}

async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (raw.length === 0) return { json: {}, files: [] };
  if (!type.startsWith("multipart/form-data"))
    return { json: JSON.parse(raw.toString("utf8")) as Record<string, unknown>, files: [] };
  const form = await new Response(raw, { headers: { "content-type": type } }).formData();
  const files: Body["files"] = [];
  let payload: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (key === "payload_json" && typeof value === "string")
      payload = JSON.parse(value) as Record<string, unknown>;
    else if (typeof value !== "string") files.push({ name: value.name, size: value.size });
  }
  return { json: payload, files };
}

function rateLimited(res: ServerResponse, fault: RestFault): void {
  const retryAfter = fault.retryAfter ?? 1;
  json(
    res,
    429,
    { message: "You are being rate limited.", retry_after: retryAfter, global: fault.global === true },
    {
      "retry-after": String(Math.ceil(retryAfter)),
      "x-ratelimit-scope": fault.global ? "global" : "user",
      ...(fault.global ? { "x-ratelimit-global": "true" } : {}),
    },
  );
}

function failWith(res: ServerResponse, fault: RestFault): void {
  if (fault.status === 429) rateLimited(res, fault);
  else json(res, fault.status, { message: fault.message ?? `${fault.status}: fake failure`, code: 0 });
}

function operationOf(method: string, path: string): RestOperation | undefined {
  if (path === "/gateway/bot") return "gateway";
  if (path === "/users/@me") return "me";
  if (path === "/users/@me/channels") return "dm";
  if (/^\/channels\/\d+\/messages$/.test(path)) return method === "POST" ? "send" : "history";
  if (/^\/channels\/\d+\/messages\/\d+$/.test(path)) return method === "DELETE" ? "delete" : "edit";
  if (/\/reactions\//.test(path)) return "react";
  if (/\/typing$/.test(path)) return "typing";
  if (/\/threads$/.test(path)) return "thread";
  return undefined;
}

/** Answers one REST request under `/api/v10`. */
export async function answerRest(
  fake: FakeDiscord,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const path = url.pathname.replace(/^\/api\/v10/, "");
  const method = req.method ?? "GET";
  if (req.headers.authorization !== `Bot ${fake.token}`)
    return json(res, 401, { message: "401: Unauthorized", code: 0 });
  if (Date.now() < fake.globalLimitedUntil)
    return rateLimited(res, {
      status: 429,
      global: true,
      retryAfter: (fake.globalLimitedUntil - Date.now()) / 1000,
    });
  const operation = operationOf(method, path);
  let lostAnswer: RestFault | undefined;
  if (operation) {
    fake.calls.set(operation, (fake.calls.get(operation) ?? 0) + 1);
    const fault = fake.faults.get(operation)?.shift();
    if (fault?.afterCreate && operation === "send") lostAnswer = fault;
    else if (fault) return failWith(res, fault);
  }
  const body = ["POST", "PATCH", "PUT"].includes(method) ? await readBody(req) : { json: {}, files: [] };
  const [, , channelId, , messageId] = path.split("/");
  const channel = channelId ? fake.world.channels.get(channelId) : undefined;
  switch (operation) {
    case "gateway":
      return json(res, 200, {
        url: fake.url.replace(/^http/, "ws") + "/gateway",
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 86_400_000, max_concurrency: 1 },
      });
    case "me":
      return json(res, 200, fake.bot);
    case "dm": {
      const recipient = String(body.json.recipient_id ?? "");
      if (!/^\d+$/.test(recipient)) return json(res, 400, { message: "Invalid Form Body", code: 50035 });
      return json(res, 200, fake.world.channelJson(fake.world.dmChannelOf(recipient)));
    }
    case undefined:
      if (method === "GET" && channel && path === `/channels/${channelId}`)
        return json(res, 200, fake.world.channelJson(channel));
      return json(res, 404, { message: "404: Not Found", code: 0 });
    default:
      break;
  }
  if (!channel) return json(res, 404, { message: "Unknown Channel", code: 10003 });
  switch (operation) {
    case "history":
      return json(res, 200, fake.world.messagesOf(channel.id, url.searchParams));
    case "send":
      return send(fake, channel, body, req, res, lostAnswer);
    case "edit": {
      const content = String(body.json.content ?? "");
      if (content.length > MAX_CONTENT) return json(res, 400, { message: "Invalid Form Body", code: 50035 });
      const stored = fake.world.history.get(channel.id)?.find((m) => m.id === messageId);
      if (!stored) return json(res, 404, { message: "Unknown Message", code: 10008 });
      stored.content = content;
      fake.edits.push({ channelId: channel.id, messageId: stored.id, content });
      return json(res, 200, stored);
    }
    case "delete": {
      const messages = fake.world.history.get(channel.id) ?? [];
      const at = messages.findIndex((m) => m.id === messageId);
      if (at < 0) return json(res, 404, { message: "Unknown Message", code: 10008 });
      messages.splice(at, 1);
      fake.deleted.push({ channelId: channel.id, messageId: messageId ?? "" });
      return json(res, 204, null);
    }
    case "react":
      fake.reactions.push({
        channelId: channel.id,
        messageId: messageId ?? "",
        emoji: decodeURIComponent(path.split("/")[6] ?? ""),
      });
      return json(res, 204, null);
    case "typing":
      fake.typing.push(channel.id);
      return json(res, 204, null);
    case "thread":
      return json(
        res,
        201,
        fake.world.channelJson(threadUnder(fake, channel, String(body.json.name ?? "thread"))),
      );
  }
}

function threadUnder(fake: FakeDiscord, parent: FakeChannel, name: string): FakeChannel {
  const id = fake.addThread(parent.id, name);
  return fake.world.channels.get(id) as FakeChannel;
}

async function send(
  fake: FakeDiscord,
  channel: FakeChannel,
  body: Body,
  req: IncomingMessage,
  res: ServerResponse,
  lostAnswer?: RestFault,
) {
  const content = String(body.json.content ?? "");
  // With enforce_nonce, Discord answers a repeat of a recent nonce with the message it created.
  const nonce =
    body.json.enforce_nonce === true && body.json.nonce !== undefined ? String(body.json.nonce) : "";
  const repeat = nonce ? fake.nonces.get(`${channel.id}:${nonce}`) : undefined;
  if (repeat) return lostAnswer ? failWith(res, lostAnswer) : json(res, 200, repeat);
  if (content.length > MAX_CONTENT || (content.trim() === "" && body.files.length === 0))
    return json(res, 400, {
      message: "Invalid Form Body",
      code: 50035,
      errors: {
        content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] },
      },
    });
  const bucket = fake.options.sendBucket;
  let headers: Record<string, string> = {};
  if (bucket) {
    const now = Date.now();
    const state = fake.buckets.get(channel.id);
    const current =
      state && state.resetAt > now ? state : { remaining: bucket.limit, resetAt: now + bucket.windowMs };
    fake.buckets.set(channel.id, current);
    const resetAfter = ((current.resetAt - now) / 1000).toFixed(3);
    if (current.remaining <= 0) return rateLimited(res, { status: 429, retryAfter: Number(resetAfter) });
    current.remaining--;
    headers = {
      "x-ratelimit-limit": String(bucket.limit),
      "x-ratelimit-remaining": String(current.remaining),
      "x-ratelimit-reset-after": resetAfter,
      "x-ratelimit-bucket": `messages-${channel.id}`,
    };
  }
  if (fake.holding && fake.sent.length >= fake.holdAfter) {
    fake.onHeld?.(channel.id);
    await new Promise<void>((resolve) => fake.held.push(resolve));
    if (req.socket.destroyed || res.destroyed) return; // the client died before Discord answered
  }
  const reference = body.json.message_reference as { message_id?: string } | undefined;
  const message = fake.publish(channel, fake.bot as APIUser, content, {
    ...(reference?.message_id ? { replyTo: reference.message_id } : {}),
  });
  fake.sent.push({
    channelId: channel.id,
    content,
    messageId: message.id,
    ...(reference?.message_id ? { replyTo: reference.message_id } : {}),
    ...(body.files.length ? { files: body.files } : {}),
  });
  if (nonce) fake.nonces.set(`${channel.id}:${nonce}`, message);
  if (lostAnswer) return failWith(res, lostAnswer);
  json(res, 200, message, headers);
}

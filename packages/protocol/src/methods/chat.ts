import Type, { type Static } from "typebox";
import { IdempotencyKey, NonEmpty, Timestamp } from "./common.js";

/**
 * One file sent with a `chat.send` message, in OpenClaw's shape: `type` "image" or "file",
 * `content` the bytes as base64 (a `data:` URL is accepted too). The gateway checks the type,
 * the size (against `hello-ok.policy.attachments`), the count and the file name.
 */
export const ChatAttachment = Type.Object(
  {
    type: Type.Optional(Type.String()),
    mimeType: Type.Optional(Type.String()),
    fileName: Type.Optional(Type.String()),
    content: Type.Optional(Type.Unknown()),
    sizeBytes: Type.Optional(Type.Number()),
    durationMs: Type.Optional(Type.Number()),
    width: Type.Optional(Type.Number()),
    height: Type.Optional(Type.Number()),
  },
  { additionalProperties: true },
);
export type ChatAttachment = Static<typeof ChatAttachment>;

export const ChatSendParams = Type.Object(
  {
    sessionKey: Type.String({ minLength: 1, maxLength: 512 }),
    message: Type.String(),
    idempotencyKey: IdempotencyKey,
    agentId: Type.Optional(NonEmpty),
    thinking: Type.Optional(Type.String()),
    attachments: Type.Optional(Type.Array(ChatAttachment)),
  },
  { additionalProperties: true },
);
export const ChatSendResult = Type.Object(
  { runId: NonEmpty, status: Type.Literal("started"), acceptedAt: Timestamp },
  { additionalProperties: false },
);

export const ChatHistoryParams = Type.Object(
  {
    sessionKey: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export const ChatMessage = Type.Object({
  role: Type.String(),
  content: Type.Unknown(),
  timestamp: Type.Optional(Timestamp),
});
export type ChatMessage = Static<typeof ChatMessage>;
export const ChatHistoryResult = Type.Object(
  { sessionKey: NonEmpty, messages: Type.Array(ChatMessage) },
  { additionalProperties: false },
);

export const ChatAbortParams = Type.Object(
  { sessionKey: NonEmpty, runId: Type.Optional(NonEmpty), agentId: Type.Optional(NonEmpty) },
  { additionalProperties: false },
);
export const ChatAbortResult = Type.Object(
  { aborted: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

const ChatBase = { runId: NonEmpty, sessionKey: NonEmpty, seq: Type.Integer({ minimum: 0 }) };
/** `chat` event payload: deltas while streaming, then exactly one final/aborted/error. */
export const ChatEvent = Type.Union([
  Type.Object(
    { ...ChatBase, state: Type.Literal("delta"), deltaText: Type.String() },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      ...ChatBase,
      state: Type.Literal("final"),
      message: Type.Optional(Type.Unknown()),
      usage: Type.Optional(Type.Unknown()),
      stopReason: Type.Optional(Type.String()),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { ...ChatBase, state: Type.Literal("aborted"), errorMessage: Type.Optional(Type.String()) },
    { additionalProperties: false },
  ),
  Type.Object(
    { ...ChatBase, state: Type.Literal("error"), errorMessage: Type.Optional(Type.String()) },
    { additionalProperties: false },
  ),
]);
export type ChatEvent = Static<typeof ChatEvent>;

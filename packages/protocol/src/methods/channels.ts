/**
 * Channel methods, wire-compatible with OpenClaw's `channels.status`, `channels.pairing.*` and
 * `send`; `channels.routes.explain` is Claw's own (which binding answers a chat, and why).
 */
import Type from "typebox";
import { IdempotencyKey, NonEmpty, Timestamp } from "./common.js";

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ChannelsStatusParams = Type.Object(
  {
    probe: Type.Optional(Type.Boolean()),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 0 })),
    channel: Type.Optional(NonEmpty),
  },
  { additionalProperties: false },
);

export const ChannelAccountSnapshot = Type.Object(
  {
    accountId: NonEmpty,
    name: Type.Optional(Type.String()),
    enabled: Type.Optional(Type.Boolean()),
    configured: Type.Optional(Type.Boolean()),
    running: Type.Optional(Type.Boolean()),
    connected: Type.Optional(Type.Boolean()),
    reconnectAttempts: Type.Optional(Type.Integer({ minimum: 0 })),
    lastConnectedAt: Type.Optional(Nullable(Timestamp)),
    lastError: Type.Optional(Nullable(Type.String())),
    lastStartAt: Type.Optional(Nullable(Timestamp)),
    lastStopAt: Type.Optional(Nullable(Timestamp)),
    lastInboundAt: Type.Optional(Nullable(Timestamp)),
    lastOutboundAt: Type.Optional(Nullable(Timestamp)),
    lastProbeAt: Type.Optional(Nullable(Timestamp)),
    mode: Type.Optional(Type.String()),
    dmPolicy: Type.Optional(Type.String()),
    allowFrom: Type.Optional(Type.Array(Type.String())),
    baseUrl: Type.Optional(Type.String()),
    probe: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

export const ChannelsStatusResult = Type.Object(
  {
    ts: Timestamp,
    channelOrder: Type.Array(NonEmpty),
    channelLabels: Type.Record(Type.String(), NonEmpty),
    channels: Type.Record(Type.String(), Type.Unknown()),
    channelAccounts: Type.Record(Type.String(), Type.Array(ChannelAccountSnapshot)),
    channelDefaultAccountId: Type.Record(Type.String(), NonEmpty),
  },
  { additionalProperties: false },
);

export const ChannelsPairingListParams = Type.Object(
  { channel: Type.Optional(NonEmpty), accountId: Type.Optional(NonEmpty) },
  { additionalProperties: false },
);

const PairingAccount = Type.Object(
  {
    channel: NonEmpty,
    channelLabel: NonEmpty,
    accountId: NonEmpty,
    accountLabel: Type.Optional(NonEmpty),
    notifySupported: Type.Boolean(),
  },
  { additionalProperties: false },
);

const PairingRequestEntry = Type.Object(
  {
    requestId: NonEmpty,
    channel: NonEmpty,
    channelLabel: NonEmpty,
    accountId: NonEmpty,
    accountLabel: Type.Optional(NonEmpty),
    senderId: NonEmpty,
    senderLabel: NonEmpty,
    metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
    createdAt: NonEmpty,
    lastSeenAt: NonEmpty,
    expiresAt: NonEmpty,
    notifySupported: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const ChannelsPairingListResult = Type.Object(
  {
    accounts: Type.Array(PairingAccount),
    requests: Type.Array(PairingRequestEntry),
    commandOwnerConfigured: Type.Boolean(),
    limits: Type.Object(
      { pendingPerAccount: Type.Integer({ minimum: 0 }), ttlMs: Type.Integer({ minimum: 0 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const ChannelsPairingApproveParams = Type.Object(
  {
    channel: NonEmpty,
    accountId: NonEmpty,
    requestId: NonEmpty,
    notify: Type.Optional(Type.Boolean()),
    bootstrapCommandOwner: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ChannelsPairingApproveResult = Type.Object(
  {
    requestId: NonEmpty,
    senderId: NonEmpty,
    notification: Type.Union([
      Type.Literal("not-requested"),
      Type.Literal("sent"),
      Type.Literal("unsupported"),
      Type.Literal("failed"),
    ]),
    commandOwnerBootstrap: Type.Union([
      Type.Literal("not-requested"),
      Type.Literal("configured"),
      Type.Literal("already-configured"),
      Type.Literal("unavailable"),
    ]),
  },
  { additionalProperties: false },
);

export const ChannelsPairingDismissParams = Type.Object(
  { channel: NonEmpty, accountId: NonEmpty, requestId: NonEmpty },
  { additionalProperties: false },
);
export const ChannelsPairingDismissResult = Type.Object(
  { requestId: NonEmpty, senderId: NonEmpty },
  { additionalProperties: false },
);

const PeerKind = Type.Union([Type.Literal("direct"), Type.Literal("group"), Type.Literal("channel")]);

export const ChannelsRoutesExplainParams = Type.Object(
  {
    channel: NonEmpty,
    peer: NonEmpty,
    peerKind: Type.Optional(PeerKind),
    accountId: Type.Optional(NonEmpty),
    parentPeer: Type.Optional(NonEmpty),
    guildId: Type.Optional(NonEmpty),
    teamId: Type.Optional(NonEmpty),
    threadId: Type.Optional(NonEmpty),
    /** The sender's platform id (default: the peer of a direct chat), to say whether they are the owner. */
    sender: Type.Optional(NonEmpty),
  },
  { additionalProperties: false },
);
export const ChannelsRoutesExplainResult = Type.Object(
  {
    agentId: NonEmpty,
    sessionKey: NonEmpty,
    tier: NonEmpty,
    bindingIndex: Type.Optional(Type.Integer({ minimum: 0 })),
    reason: NonEmpty,
    /** Whether the sender is an owner (`identity.ownerNumbers`) and which entry matched. */
    owner: Type.Optional(
      Type.Object({ isOwner: Type.Boolean(), reason: NonEmpty }, { additionalProperties: false }),
    ),
    /** The DM scope that built a direct chat's session key, and why (configured or the owner default). */
    dmScope: Type.Optional(
      Type.Object({ scope: NonEmpty, reason: NonEmpty }, { additionalProperties: false }),
    ),
    considered: Type.Array(
      Type.Object(
        { index: Type.Integer({ minimum: 0 }), tier: NonEmpty, matched: Type.Boolean(), why: NonEmpty },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** OpenClaw's `send` params (media fields accepted for compatibility; text only is delivered). */
export const SendParams = Type.Object(
  {
    to: NonEmpty,
    message: Type.Optional(Type.String()),
    mediaUrl: Type.Optional(Type.String()),
    mediaUrls: Type.Optional(Type.Array(Type.String())),
    buffer: Type.Optional(Type.String()),
    filename: Type.Optional(Type.String()),
    contentType: Type.Optional(Type.String()),
    asVoice: Type.Optional(Type.Boolean()),
    gifPlayback: Type.Optional(Type.Boolean()),
    channel: Type.Optional(Type.String()),
    accountId: Type.Optional(Type.String()),
    agentId: Type.Optional(Type.String()),
    replyToId: Type.Optional(Type.String()),
    threadId: Type.Optional(Type.String()),
    forceDocument: Type.Optional(Type.Boolean()),
    silent: Type.Optional(Type.Boolean()),
    parseMode: Type.Optional(Type.Literal("HTML")),
    sessionKey: Type.Optional(Type.String()),
    idempotencyKey: IdempotencyKey,
  },
  { additionalProperties: false },
);
export const SendResult = Type.Object(
  {
    channel: NonEmpty,
    accountId: NonEmpty,
    to: NonEmpty,
    status: Type.Union([
      Type.Literal("delivered"),
      Type.Literal("queued"),
      Type.Literal("failed"),
      Type.Literal("silent"),
    ]),
    outboxId: Type.Optional(Type.Integer({ minimum: 0 })),
    chunks: Type.Integer({ minimum: 0 }),
    messageIds: Type.Array(Type.String()),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

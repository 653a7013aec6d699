/**
 * Protocol constants, set to what the real OpenClaw 2026.9.6 gateway uses so existing clients see
 * familiar limits. Every value is overridable on the server side (see `@claw/gateway` limits).
 */

/** The newest protocol version Claw speaks (OpenClaw 2026.9.6 speaks v4). */
export const PROTOCOL_VERSION = 4;
/** The oldest protocol version Claw accepts (v3, as the reference documents describe). */
export const MIN_PROTOCOL_VERSION = 3;

const KiB = 1024;
const MiB = 1024 * KiB;

/** Wire limits and timers, as the real product. */
export const PROTOCOL_LIMITS = {
  /** Largest accepted frame after the handshake (25 MiB). */
  maxPayloadBytes: 25 * MiB,
  /** A client whose unsent bytes exceed this is disconnected (50 MiB). */
  maxBufferedBytes: 50 * MiB,
  /** Largest accepted frame before `connect` succeeds (64 KiB). */
  maxPreAuthFrameBytes: 64 * KiB,
  /** Time a socket may take to complete `connect` after opening (15 s). */
  handshakeTimeoutMs: 15_000,
  /** Interval of `tick` events (30 s). */
  tickIntervalMs: 30_000,
  /** How long an idempotency key is remembered (5 min). */
  dedupeTtlMs: 5 * 60_000,
  /** How many idempotency keys are remembered at most. */
  dedupeMaxEntries: 1000,
  /** Presence entries not refreshed for this long disappear (5 min). */
  presenceTtlMs: 5 * 60_000,
  /** Most presence entries kept; the oldest is dropped first. */
  presenceMaxEntries: 200,
  /** Largest total of the attachments of one `chat.send` message, decoded (18.56 MiB). */
  attachmentMaxBytes: 19_464_192,
  /** Largest image attachment, decoded (6 MiB). */
  attachmentMaxImageBytes: 6 * MiB,
} as const;

/** WebSocket close codes the gateway uses, as observed on the real product. */
export const CLOSE_CODES = {
  normal: 1000,
  /** Protocol range mismatch. */
  protocolError: 1002,
  /** First frame not `connect`, bad auth, bad connect params, slow consumer. */
  policyViolation: 1008,
  /** A frame larger than the limit. */
  messageTooBig: 1009,
  /** Gateway shutting down; the client should reconnect later. */
  serviceRestart: 1012,
} as const;

import { PROTOCOL_LIMITS } from "@claw/protocol";

/** Every limit and timer of the gateway; defaults are the real product's. Tests shrink them. */
export interface GatewayLimits {
  maxPayloadBytes: number;
  /** Unsent bytes per client above which it is disconnected; droppable events are skipped above half. */
  maxBufferedBytes: number;
  /** A client over half of `maxBufferedBytes` is dropped after skipping this many droppable events… */
  slowConsumerMaxDroppedEvents: number;
  /** …or after skipping them for this long (ticks keep arriving, so an idle stream is checked too). */
  slowConsumerMaxSlowMs: number;
  maxPreAuthFrameBytes: number;
  handshakeTimeoutMs: number;
  dedupeTtlMs: number;
  dedupeMaxEntries: number;
  presenceTtlMs: number;
  presenceMaxEntries: number;
  /** Failed connects per IP allowed inside `authWindowMs` before lock-out starts. */
  authMaxFailures: number;
  authWindowMs: number;
  /** First lock-out; doubles with each further failure up to `authMaxLockMs`. */
  authBaseLockMs: number;
  authMaxLockMs: number;
  /** How far a device signature's `signedAt` may be from the gateway clock. */
  signatureSkewMs: number;
  /** `agent.wait` without `timeoutMs` waits this long. */
  agentWaitDefaultMs: number;
  /** On close, runs get this long to finish before they are aborted. */
  drainTimeoutMs: number;
  /** `restartExpectedMs` sent in the `shutdown` event. */
  restartExpectedMs: number;
  /** Largest body accepted by the OpenAI-compatible HTTP endpoint. */
  maxHttpBodyBytes: number;
  /** At most one `chat` delta event per run per this many ms; deltas in between are merged. */
  chatDeltaWindowMs: number;
  /** Largest `chat.send` / `agent` message (UTF-8 bytes); larger ones are refused, not accepted. */
  maxMessageBytes: number;
  /** Most attachments on one `chat.send` message. */
  maxAttachments: number;
  /** Largest total of one message's attachments, decoded (also the largest single file). */
  maxAttachmentBytes: number;
  /** Largest image attachment, decoded. */
  maxImageBytes: number;
}

export const DEFAULT_LIMITS: GatewayLimits = {
  maxPayloadBytes: PROTOCOL_LIMITS.maxPayloadBytes,
  maxBufferedBytes: PROTOCOL_LIMITS.maxBufferedBytes,
  slowConsumerMaxDroppedEvents: 200,
  slowConsumerMaxSlowMs: 60_000,
  maxPreAuthFrameBytes: PROTOCOL_LIMITS.maxPreAuthFrameBytes,
  handshakeTimeoutMs: PROTOCOL_LIMITS.handshakeTimeoutMs,
  dedupeTtlMs: PROTOCOL_LIMITS.dedupeTtlMs,
  dedupeMaxEntries: PROTOCOL_LIMITS.dedupeMaxEntries,
  presenceTtlMs: PROTOCOL_LIMITS.presenceTtlMs,
  presenceMaxEntries: PROTOCOL_LIMITS.presenceMaxEntries,
  authMaxFailures: 5,
  authWindowMs: 60_000,
  authBaseLockMs: 1_000,
  authMaxLockMs: 5 * 60_000,
  signatureSkewMs: 10 * 60_000,
  agentWaitDefaultMs: 30_000,
  drainTimeoutMs: 10_000,
  restartExpectedMs: 5_000,
  maxHttpBodyBytes: 4 * 1024 * 1024,
  chatDeltaWindowMs: 150,
  maxMessageBytes: 512 * 1024,
  maxAttachments: 8,
  maxAttachmentBytes: PROTOCOL_LIMITS.attachmentMaxBytes,
  maxImageBytes: PROTOCOL_LIMITS.attachmentMaxImageBytes,
};

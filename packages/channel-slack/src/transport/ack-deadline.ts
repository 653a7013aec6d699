/**
 * Slack wants an acknowledgement within 3 seconds or it delivers the event again. The channel
 * acknowledges as soon as the layer accepted the message (so an acknowledged event is durable in
 * state.db), and at the latest at this deadline, leaving the rest of the work to run on. An
 * event the layer could not store is not acknowledged: Slack delivers it again.
 */
import { isInboundNotStored } from "@claw/channels";

export const ACK_DEADLINE_MS = 2_500;

/**
 * Whether to acknowledge the event: true when `work` resolved, failed in a way a redelivery will
 * not mend, or is still running at the deadline; false when the layer could not store the message
 * (`InboundNotStoredError`), so Slack must deliver it again.
 */
export function acknowledgeWithin(
  work: Promise<unknown>,
  deadlineMs: number = ACK_DEADLINE_MS,
): Promise<boolean> {
  let refused = false;
  return settledOrDeadline(
    work.catch((error: unknown) => {
      refused = isInboundNotStored(error);
    }),
    deadlineMs,
  ).then(() => !refused);
}

/** Resolves when `work` settles or `deadlineMs` passes, whichever is first. */
export function settledOrDeadline(
  work: Promise<unknown>,
  deadlineMs: number = ACK_DEADLINE_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deadlineMs);
  });
  return Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    deadline,
  ]).finally(() => clearTimeout(timer));
}

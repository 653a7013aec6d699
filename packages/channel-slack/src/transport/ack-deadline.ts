/**
 * When a Slack event is acknowledged: once the layer stored it (the inbound journal holds the
 * message and its file references), never before, so an acknowledged event survives a crash.
 * Slack wants the acknowledgement within 3 seconds; storing takes milliseconds because nothing
 * slow (file downloads) happens before it. Should storing ever take longer, Slack delivers the
 * event again and the router hands the retry the first delivery's work: one message, acknowledged
 * once it is stored. An event the layer could not store is not acknowledged at all.
 */
import { isInboundNotStored } from "@claw/channels";

/**
 * Whether to acknowledge the event, once `work` settled: true when it resolved (stored, or
 * ignored) or failed in a way a redelivery will not mend; false when the layer could not store
 * the message (`InboundNotStoredError`), so Slack must deliver it again.
 */
export function acknowledgeWhenStored(work: Promise<unknown>): Promise<boolean> {
  return work.then(
    () => true,
    (error: unknown) => !isInboundNotStored(error),
  );
}

/** Resolves when `work` settles or `deadlineMs` passes, whichever is first (bounded stop steps). */
export function settledOrDeadline(work: Promise<unknown>, deadlineMs: number): Promise<void> {
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

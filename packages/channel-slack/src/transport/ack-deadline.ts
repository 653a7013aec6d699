/**
 * Slack wants an acknowledgement within 3 seconds or it delivers the event again. The channel
 * acknowledges as soon as the layer accepted the message (so an acknowledged event is durable in
 * state.db), and at the latest at this deadline, leaving the rest of the work to run on.
 */
export const ACK_DEADLINE_MS = 2_500;

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

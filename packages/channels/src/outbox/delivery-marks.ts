/**
 * Group commit of "delivered" marks: every chunk acknowledged within one turn of the event loop
 * is marked in one transaction at the end of that turn (`setImmediate`, so no idle wait), instead
 * of one commit per chunk (the outbox's main cost under load). The outbox waits for a chunk's
 * mark before it sends the next chunk of the same reply, so a batch only holds marks of different
 * replies and chats; a crash can only resend what was acknowledged in the turn it interrupted, as
 * a crash between an acknowledgement and any commit could.
 */

export interface DeliveryMark {
  outboxId: number;
  idx: number;
  platformMessageId: string;
}

export interface DeliveryMarks {
  /** Queues a mark; resolves once it is committed (rejects when the commit failed). */
  add(mark: DeliveryMark): Promise<void>;
}

/**
 * @example
 * const marks = createDeliveryMarks((batch) => store.deliveredMany(batch), (batch) => batch.forEach(notify));
 * await marks.add({ outboxId: 7, idx: 0, platformMessageId: "1042" });
 */
export function createDeliveryMarks(
  commit: (marks: readonly DeliveryMark[]) => void,
  committed: (marks: readonly DeliveryMark[]) => void,
): DeliveryMarks {
  let queued: DeliveryMark[] = [];
  let flush: Promise<void> | undefined;
  return {
    add(mark) {
      queued.push(mark);
      flush ??= new Promise<void>((resolve, reject) =>
        setImmediate(() => {
          const batch = queued;
          queued = [];
          flush = undefined;
          try {
            commit(batch);
          } catch (error) {
            reject(error);
            return;
          }
          resolve();
          committed(batch);
        }),
      );
      return flush;
    },
  };
}

/**
 * A value built on first use (an SDK client whose import is expensive); a failed build is retried
 * on the next call instead of being cached.
 */
export function lazyValue<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/**
 * Provider SDKs are loaded on an adapter's first call, not when @claw/providers is imported: the
 * four SDKs together cost a process ~170 ms and ~60 MB at startup, and most hosts use one.
 */

/**
 * Wraps a dynamic `import()` so it runs once, on first use; a failed load is retried next time.
 * Call it inside an adapter body, where `runAdapter` turns a failed load into an `error` event.
 *
 * @example
 * const loadOllama = lazyModule(() => import("ollama"));
 * const { Ollama } = await loadOllama();
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

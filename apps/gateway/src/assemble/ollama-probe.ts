/**
 * Keyless local servers (Ollama) are usable only while they answer: a short, cached probe of
 * `GET <baseUrl>/api/tags`, so `models.list` and `claw models status` never call a dead server
 * usable.
 */

/** The one default URL, from the provider table (re-exported for the CLI). */
export { DEFAULT_OLLAMA_URL } from "@claw/providers";

export interface ServerProbe {
  /** True when the server answered 2xx within the timeout (cached for `ttlMs`). */
  reachable(baseUrl: string): Promise<boolean>;
}

/**
 * @example
 * const probe = createOllamaProbe();
 * await probe.reachable("http://127.0.0.1:11434"); // false when no Ollama runs
 */
export function createOllamaProbe(options: { ttlMs?: number; timeoutMs?: number } = {}): ServerProbe {
  const ttlMs = options.ttlMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 800;
  const cache = new Map<string, { at: number; answer: Promise<boolean> }>();
  const ask = async (baseUrl: string): Promise<boolean> => {
    try {
      const url = new URL("api/tags", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  };
  return {
    reachable(baseUrl) {
      const hit = cache.get(baseUrl);
      if (hit && Date.now() - hit.at < ttlMs) return hit.answer;
      const answer = ask(baseUrl);
      cache.set(baseUrl, { at: Date.now(), answer });
      return answer;
    },
  };
}

/**
 * Providers that route one key to many upstream vendors. A failure there is usually one
 * upstream model's (its vendor is down, rate-limited or refuses the request), so failover cools
 * that model on the key instead of the whole key.
 */
export const AGGREGATOR_PROVIDERS: readonly string[] = [
  "openrouter",
  "vercel-ai-gateway",
  "litellm",
  "requesty",
  "together",
  "kilocode",
];

/**
 * @example
 * isAggregatorProvider("openrouter"); // true
 */
export function isAggregatorProvider(provider: string): boolean {
  return AGGREGATOR_PROVIDERS.includes(provider);
}

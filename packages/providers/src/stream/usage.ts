/**
 * Token usage and its price. Prices come from the model (USD per 1M tokens), so a custom model
 * with a zero cost simply reports zero.
 */
import type { Model, Usage } from "../types.js";

/** Raw token counts as a provider reports them; cache counts are separate from `input`. */
export interface TokenCounts {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/**
 * A zeroed usage record, the starting point of every message.
 *
 * @example
 * const message = { ...draft, usage: emptyUsage() };
 */
export function emptyUsage(): Usage {
  return {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}

/**
 * Builds a usage record with cost from the model's catalog prices.
 *
 * @example
 * const usage = calculateUsage(model, { input: 1200, output: 300, cacheRead: 800 });
 * usage.cost.total; // USD
 */
export function calculateUsage(model: Pick<Model, "cost">, counts: TokenCounts): Usage {
  const cacheRead = counts.cacheRead ?? 0;
  const cacheWrite = counts.cacheWrite ?? 0;
  const perToken = (pricePerMillion: number, tokens: number) => (pricePerMillion * tokens) / 1_000_000;
  const cost = {
    input: perToken(model.cost.input, counts.input),
    output: perToken(model.cost.output, counts.output),
    cacheRead: perToken(model.cost.cacheRead, cacheRead),
    cacheWrite: perToken(model.cost.cacheWrite, cacheWrite),
    total: 0,
  };
  cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
  return {
    input: counts.input,
    output: counts.output,
    cacheRead,
    cacheWrite,
    totalTokens: counts.input + counts.output + cacheRead + cacheWrite,
    cost,
  };
}

/**
 * USD with enough digits to show small sessions.
 *
 * @example
 * formatCostUsd(0.0042); // "$0.0042"
 * formatCostUsd(1.5); // "$1.50"
 */
export function formatCostUsd(usd: number): string {
  return usd < 1 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** The channel layer's own cost, for the channel packages' benchmarks (`pnpm bench`). */

export interface LayerOverheadOptions {
  /** Measured rounds (each one bypassed sample and one through the layer). */
  rounds: number;
  /** Rounds run first and thrown away (default 10). */
  warmup?: number;
  /**
   * One sample: a message pushed at the fake until the runtime starts its run, or (bypassed) until
   * the channel hands it to the layer; resolves with the time it took in ms. It should begin with
   * the bot idle (e.g. a short pause, the previous reply delivered).
   */
  sample: (bypass: boolean, round: number) => Promise<number>;
  /** Runs after each round, untimed (e.g. let the layer sample's run finish). */
  afterRound?: () => Promise<void>;
}

export interface LayerOverhead {
  /** p50 of the bypassed samples, ms. */
  baseline: number;
  /** p50 of the samples through the layer, ms. */
  layer: number;
}

/** The median of `values` (NaN when there are none). */
export const p50 = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * Interleaved rounds: a bypassed sample, then a layer sample whose run is left to finish (untimed)
 * before the next round, so one sample's agent work never lands in another's timing. The layer's
 * overhead is `layer - baseline`.
 *
 * @example
 * const { baseline, layer } = await measureLayerOverhead({ rounds: 200, sample, afterRound: () => pipeline.drained() });
 */
export async function measureLayerOverhead(options: LayerOverheadOptions): Promise<LayerOverhead> {
  const warmup = options.warmup ?? 10;
  const bypassMs: number[] = [];
  const layerMs: number[] = [];
  for (let round = 0; round < options.rounds + warmup; round++) {
    const bypass = await options.sample(true, round);
    const layer = await options.sample(false, round);
    await options.afterRound?.();
    if (round < warmup) continue;
    bypassMs.push(bypass);
    layerMs.push(layer);
  }
  return { baseline: p50(bypassMs), layer: p50(layerMs) };
}

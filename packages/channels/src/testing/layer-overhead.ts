/** The channel layer's own cost, for the channel packages' benchmarks (`pnpm bench`). */

export interface LayerOverheadOptions {
  /** Measured rounds (each one bypassed sample and one through the layer). */
  rounds: number;
  /** Rounds run first and thrown away (default 10). */
  warmup?: number;
  /** Waits, untimed, before each sample until the bot is idle (e.g. a short pause, the previous reply delivered). */
  idle: () => Promise<void>;
  /** Pushes one message at the fake (a different sender per round keeps samples apart). */
  push: (bypass: boolean, round: number) => void;
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
 * Times a message from the fake to the runtime's run, against the same message stopped at the
 * layer's door. Give `layerOptions` to `startChannelLayer` (or a channel's `startLayer`), then
 * `measure`: interleaved rounds, a bypassed sample then a layer sample whose run is left to finish
 * (untimed) before the next round, so one sample's agent work never lands in another's timing.
 * The layer's overhead is `layer - baseline`.
 *
 * @example
 * const stopwatch = new LayerStopwatch();
 * const env = await startLayer({ fakes: [fake], ...stopwatch.layerOptions });
 * const { baseline, layer } = await stopwatch.measure({ rounds: 200, idle, push: (bypass, round) => fake.dm(…) });
 */
export class LayerStopwatch {
  #bypass = false;
  #runStarted: (() => void) | undefined;

  /** For the layer: the stopwatch stops when a run starts, or at the door when bypassed. */
  readonly layerOptions = {
    onRunStart: () => this.#runStarted?.(),
    bypassLayer: () => this.#bypass,
  };

  async measure(options: LayerOverheadOptions): Promise<LayerOverhead> {
    const warmup = options.warmup ?? 10;
    const bypassMs: number[] = [];
    const layerMs: number[] = [];
    for (let round = 0; round < options.rounds + warmup; round++) {
      const bypass = await this.#sample(options, true, round);
      const layer = await this.#sample(options, false, round);
      this.#runStarted = undefined;
      await options.afterRound?.();
      if (round < warmup) continue;
      bypassMs.push(bypass);
      layerMs.push(layer);
    }
    return { baseline: p50(bypassMs), layer: p50(layerMs) };
  }

  async #sample(options: LayerOverheadOptions, bypass: boolean, round: number): Promise<number> {
    await options.idle();
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      this.#bypass = bypass;
      this.#runStarted = resolve;
      options.push(bypass, round);
    });
    return performance.now() - t0;
  }
}

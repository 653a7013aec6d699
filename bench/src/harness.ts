/**
 * The benchmark harness. A bench file (`packages/NAME/bench/*.bench.ts`) calls `suite()` once per
 * group of measurements; every group has a baseline measured in the same run, and each case is
 * reported as median, p99 and its ratio to that baseline. `bench/src/run.ts` runs every file in
 * its own process and prints one table.
 *
 * @example
 * import { suite } from "@claw/bench-harness";
 * await suite("json", {
 *   baseline: { name: "JSON.stringify", fn: () => JSON.stringify({ a: 1 }) },
 *   cases: [{ name: "my encoder", fn: () => encode({ a: 1 }), target: { maxRatio: 1.2 } }],
 * });
 */
import { appendFileSync } from "node:fs";

export interface BenchTarget {
  /** Largest acceptable median ratio to the suite's baseline. */
  maxRatio?: number;
  /** Largest acceptable median, in milliseconds. */
  maxMedianMs?: number;
}

export interface BenchCase {
  name: string;
  fn: () => unknown | Promise<unknown>;
  target?: BenchTarget;
}

export interface SuiteOptions {
  baseline: BenchCase;
  cases: BenchCase[];
  /** Minimum samples per case (default 30). */
  minSamples?: number;
  /** Minimum time spent sampling per case, in ms (default 300). */
  minTimeMs?: number;
  /** Warm-up calls before sampling (default 5). */
  warmup?: number;
  /** Hard cap on samples per case (default 100000). */
  maxSamples?: number;
}

export interface BenchRow {
  suite: string;
  name: string;
  samples: number;
  medianMs: number;
  p99Ms: number;
  ratio: number | null;
  baseline: string | null;
  unit: string;
  target?: BenchTarget;
  pass?: boolean;
}

/** Where rows go: the runner sets CLAW_BENCH_OUT to a JSONL file; standalone runs print. */
function emit(row: BenchRow): void {
  const out = process.env.CLAW_BENCH_OUT;
  if (out) appendFileSync(out, `${JSON.stringify(row)}\n`);
  else console.log(formatRow(row));
}

export function formatRow(row: BenchRow): string {
  const ratio = row.ratio === null ? "" : `${row.ratio.toFixed(2)}x`;
  const verdict = row.pass === undefined ? "" : row.pass ? "ok" : "MISS";
  return [row.suite, row.name, fmt(row.medianMs, row.unit), fmt(row.p99Ms, row.unit), ratio, verdict].join(
    "\t",
  );
}

function fmt(value: number, unit: string): string {
  if (unit !== "ms") return `${value.toFixed(1)} ${unit}`;
  if (value < 0.01) return `${(value * 1000).toFixed(2)} µs`;
  if (value < 1) return `${(value * 1000).toFixed(1)} µs`;
  return `${value.toFixed(2)} ms`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function judge(target: BenchTarget | undefined, medianMs: number, ratio: number | null): boolean | undefined {
  if (!target) return undefined;
  if (target.maxRatio !== undefined && (ratio === null || ratio > target.maxRatio)) return false;
  if (target.maxMedianMs !== undefined && medianMs > target.maxMedianMs) return false;
  return true;
}

/**
 * Runs a baseline and its cases interleaved, one call of each per round, so load on the machine
 * hits every series alike and the ratios stay meaningful on a busy host.
 */
export async function suite(name: string, options: SuiteOptions): Promise<BenchRow[]> {
  const series = [options.baseline, ...options.cases];
  const warmup = options.warmup ?? 5;
  const minSamples = options.minSamples ?? 30;
  const minTimeMs = options.minTimeMs ?? 300;
  const maxSamples = options.maxSamples ?? 100_000;
  for (const c of series) for (let i = 0; i < warmup; i++) await c.fn();
  const samples: number[][] = series.map(() => []);
  const spent = series.map(() => 0);
  const done = () =>
    samples.every(
      (s, i) => s.length >= maxSamples || (s.length >= minSamples && (spent[i] ?? 0) >= minTimeMs),
    );
  while (!done()) {
    for (const [i, c] of series.entries()) {
      const t0 = performance.now();
      const result = c.fn();
      if (result instanceof Promise) await result;
      const elapsed = performance.now() - t0;
      samples[i]?.push(elapsed);
      spent[i] = (spent[i] ?? 0) + elapsed;
    }
  }
  for (const s of samples) s.sort((a, b) => a - b);
  const baseMedian = percentile(samples[0] ?? [], 50);
  const rows: BenchRow[] = series.map((c, i) => {
    const sorted = samples[i] ?? [];
    const medianMs = percentile(sorted, 50);
    if (i === 0) {
      return {
        suite: name,
        name: `${c.name} (baseline)`,
        samples: sorted.length,
        medianMs,
        p99Ms: percentile(sorted, 99),
        ratio: 1,
        baseline: null,
        unit: "ms",
      };
    }
    const ratio = baseMedian > 0 ? medianMs / baseMedian : null;
    return {
      suite: name,
      name: c.name,
      samples: sorted.length,
      medianMs,
      p99Ms: percentile(sorted, 99),
      ratio,
      baseline: options.baseline.name,
      unit: "ms",
      target: c.target,
      pass: judge(c.target, medianMs, ratio),
    };
  });
  rows.forEach(emit);
  return rows;
}

/**
 * Reports a figure that is not a timing of a function (RSS, bytes per token, a growth ratio),
 * optionally against a baseline figure from the same run.
 */
export function report(
  suiteName: string,
  name: string,
  value: number,
  unit: string,
  options: { baseline?: { name: string; value: number }; target?: { maxRatio?: number; max?: number } } = {},
): BenchRow {
  const ratio = options.baseline && options.baseline.value > 0 ? value / options.baseline.value : null;
  let pass: boolean | undefined;
  if (options.target) {
    pass = true;
    if (options.target.maxRatio !== undefined && (ratio === null || ratio > options.target.maxRatio))
      pass = false;
    if (options.target.max !== undefined && value > options.target.max) pass = false;
  }
  const row: BenchRow = {
    suite: suiteName,
    name,
    samples: 1,
    medianMs: value,
    p99Ms: value,
    ratio,
    baseline: options.baseline?.name ?? null,
    unit,
    pass,
  };
  emit(row);
  return row;
}

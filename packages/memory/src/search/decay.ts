/**
 * Temporal decay: a dated note (`memory/2026-01-16.md`, `memory/2026-01-16-api-design.md`)
 * loses half its score every `halfLifeDays`. `MEMORY.md` and undated files are evergreen.
 */

const DATE_IN_PATH = /(?:^|\/)(\d{4})-(\d{2})-(\d{2})(?:[-_.][^/]*)?\.md$/;

/**
 * The note date encoded in a path, or undefined when the file is evergreen.
 * @example noteDate("memory/2026-01-16-api.md")?.toISOString() // "2026-01-16T00:00:00.000Z"
 */
export function noteDate(path: string): Date | undefined {
  if (/(^|\/)memory\.md$/i.test(path)) return undefined;
  const m = DATE_IN_PATH.exec(path);
  if (!m) return undefined;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Multiplier in (0, 1] for a result from `path` at time `now`.
 * @example decayFactor("memory/2026-01-01.md", new Date("2026-01-31"), 30) // 0.5
 */
export function decayFactor(path: string, now: Date, halfLifeDays: number): number {
  const date = noteDate(path);
  if (!date || halfLifeDays <= 0) return 1;
  const ageDays = Math.max(0, (now.getTime() - date.getTime()) / 86_400_000);
  return 0.5 ** (ageDays / halfLifeDays);
}

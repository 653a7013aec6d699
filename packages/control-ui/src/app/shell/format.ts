/** Short human forms of numbers and times for tables. */

/** 1234 → "1.2k", 2_500_000 → "2.5M". */
export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** A past time relative to `now`: "just now", "5 min ago", "3 h ago", else the date. */
export function timeAgo(ms: number | null | undefined, now = Date.now()): string {
  if (!ms) return "—";
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return "just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/** A future time relative to `now`: "in 45 s", "in 5 min", "in 3 h", else the date and time. */
export function timeUntil(ms: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((ms - now) / 1000));
  if (seconds < 60) return `in ${seconds} s`;
  if (seconds < 3600) return `in ${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `in ${Math.round(seconds / 3600)} h`;
  return new Date(ms).toLocaleString();
}

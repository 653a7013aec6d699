/**
 * The leaf paths that differ between two config documents: `tools.deny`, `agents.list[1].model`.
 * Arrays of objects of equal length are compared element by element (so one agent's change is one
 * path); other arrays, and lists that grew or shrank, count as one change at the array's path.
 */
export function diffPaths(before: unknown, after: unknown, prefix = ""): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (isObjectList(before) && isObjectList(after) && before.length === after.length)
    return before.flatMap((item, i) => diffPaths(item, after[i], `${prefix}[${i}]`));
  // A section added or removed counts as each of its leaves changing.
  const b = isRecord(before) ? before : before === undefined && isRecord(after) ? {} : undefined;
  const a = isRecord(after) ? after : after === undefined && isRecord(before) ? {} : undefined;
  if (!b || !a) return [prefix || "(root)"];
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].flatMap((k) => diffPaths(b[k], a[k], prefix ? `${prefix}.${k}` : k));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isObjectList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isRecord);
}

/**
 * Fits a config document to Claw's schema: every key Claw does not know is removed, then every
 * value Claw rejects, and each removal is reported with its path and why. What remains
 * validates. Uses the config package's own lookups, so the rules live in one place.
 */
import {
  formatPath,
  type PathSegment,
  parseConfigPath,
  schemaAtPath,
  unsetAtPath,
  validateConfig,
} from "@claw/config";
import { isRecord } from "../source/types.js";

export interface Unmapped {
  /** Path in the OpenClaw config, e.g. `gateway.tailscale`. */
  path: string;
  /** Why it was not brought over. */
  reason: string;
}

/** Why Claw has no place for a key, by the longest matching path prefix. */
export type ReasonTable = readonly (readonly [prefix: string, reason: string])[];

function reasonFor(path: string, reasons: ReasonTable, fallback: string): string {
  let best: readonly [string, string] | undefined;
  for (const row of reasons)
    if (
      (path === row[0] || path.startsWith(`${row[0]}.`) || path.startsWith(`${row[0]}[`)) &&
      row[0].length > (best?.[0].length ?? -1)
    )
      best = row;
  return best?.[1] ?? fallback;
}

function dropUnknownKeys(
  value: unknown,
  segments: PathSegment[],
  reasons: ReasonTable,
  unmapped: Unmapped[],
): unknown {
  if (Array.isArray(value))
    return value.map((v, i) => dropUnknownKeys(v, [...segments, i], reasons, unmapped));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const path = [...segments, key];
    const lookup = schemaAtPath(path);
    if (lookup.ok) {
      const kept = dropUnknownKeys(child, path, reasons, unmapped);
      // A section emptied by the removals (e.g. `skills` with only OpenClaw's `install`) is left out.
      if (
        !(
          isRecord(kept) &&
          Object.keys(kept).length === 0 &&
          isRecord(child) &&
          Object.keys(child).length > 0
        )
      )
        out[key] = kept;
    } else
      unmapped.push({
        path: formatPath(path),
        reason: reasonFor(
          formatPath(path),
          reasons,
          `Claw has no such setting${lookup.hint ? ` (${lookup.hint})` : ""}`,
        ),
      });
  }
  return out;
}

/**
 * @example
 * const { document, unmapped } = fitToClawSchema({ gateway: { port: 1, tailscale: {} } }, []);
 * // document: { gateway: { port: 1 } }, unmapped: [{ path: "gateway.tailscale", reason: "Claw has no such setting" }]
 */
export function fitToClawSchema(
  source: Record<string, unknown>,
  reasons: ReasonTable,
): { document: Record<string, unknown>; unmapped: Unmapped[] } {
  const unmapped: Unmapped[] = [];
  let document = dropUnknownKeys(source, [], reasons, unmapped) as Record<string, unknown>;
  // Each round removes the values Claw rejects; removing one never creates a new problem elsewhere
  // except in cross-field rules, so a few rounds always settle.
  for (let round = 0; round < 10; round++) {
    const result = validateConfig(document);
    if (result.ok) return { document, unmapped };
    // Later paths first, so removing an array element never shifts one still to be removed.
    for (const issue of [...result.issues].reverse()) {
      const path = issue.path === "" ? [] : parseConfigPath(issue.path);
      if (path.length === 0) throw new Error(`imported config does not validate: ${issue.message}`);
      document = unsetAtPath(document, path) as Record<string, unknown>;
      unmapped.push({
        path: issue.path,
        reason: reasonFor(
          issue.path,
          reasons,
          `Claw does not accept this value: ${issue.message}${issue.hint ? ` (${issue.hint})` : ""}`,
        ),
      });
    }
  }
  throw new Error("imported config still does not validate after removing every rejected value");
}

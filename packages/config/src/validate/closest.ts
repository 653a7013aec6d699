/** "Did you mean" support: the nearest candidate by edit distance, if it is near enough. */
import { editDistance } from "@claw/ids";

/**
 * The candidate closest to `input`, or undefined when none is within a third of its length
 * (at least 2 edits, 1 for inputs of three characters or fewer); a candidate that contains the input (or is contained) also counts.
 *
 * @example
 * closestMatch("gatway", ["gateway", "agents"]); // → "gateway"
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const limit = input.length <= 3 ? 1 : Math.max(2, Math.floor(input.length / 3));
  for (const candidate of candidates) {
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  const lower = input.toLowerCase();
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    if (lower.length >= 3 && (c.includes(lower) || lower.includes(c))) return candidate;
  }
  return undefined;
}

/** `did you mean "x"?` or undefined. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match === undefined ? undefined : `did you mean ${JSON.stringify(match)}?`;
}

/**
 * The candidate chain: which models a run tries, in which order.
 */
import { formatModelRef, type ModelRef, requireModelRef } from "@claw/ids";

export type { ModelRef };

export type ModelRefInput = string | { provider: string; modelId: string };

export interface CandidateConfig {
  /** The configured primary model. */
  primary: ModelRefInput;
  /** Configured fallbacks, tried in order after the first candidate. */
  fallbacks?: readonly ModelRefInput[];
  /** A session override (`/model …`): tried first; the primary is then appended last. */
  override?: ModelRefInput;
}

/**
 * A ModelRef for a candidate, parsed by `@claw/ids`' one model-ref parser; throws on a string
 * that is not "provider/model".
 *
 * @example
 * toModelRef("anthropic/claude-opus-4-6"); // { provider: "anthropic", modelId: "claude-opus-4-6", ref: … }
 */
export function toModelRef(input: ModelRefInput): ModelRef {
  if (typeof input !== "string") return { ...input, ref: formatModelRef(input.provider, input.modelId) };
  const known = parsedRefs.get(input);
  if (known) return known;
  const parsed = Object.freeze(requireModelRef(input, "failover: model reference"));
  if (parsedRefs.size >= PARSED_REFS_KEPT) parsedRefs.clear();
  parsedRefs.set(input, parsed);
  return parsed;
}

/** Every call parses the same few configured refs: keep the parsed (frozen) ones. */
const parsedRefs = new Map<string, ModelRef>();
const PARSED_REFS_KEPT = 512;

/**
 * Orders the candidates: the override (or the primary), then the fallbacks, then the primary
 * when an override started the run. Duplicates keep their first position.
 *
 * @example
 * resolveCandidates({ primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] }).map((c) => c.ref);
 * // ["anthropic/claude-opus-4-6", "openai/gpt-4o"]
 */
export function resolveCandidates(config: CandidateConfig): ModelRef[] {
  const chain = [config.override ?? config.primary, ...(config.fallbacks ?? [])];
  if (config.override !== undefined) chain.push(config.primary);
  const seen = new Set<string>();
  const out: ModelRef[] = [];
  for (const input of chain) {
    const ref = toModelRef(input);
    if (seen.has(ref.ref)) continue;
    seen.add(ref.ref);
    out.push(ref);
  }
  return out;
}

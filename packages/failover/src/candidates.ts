/**
 * The candidate chain: which models a run tries, in which order.
 */

/** A model reference: `provider/model` ("openrouter/anthropic/claude-sonnet-4-5" keeps the rest as the id). */
export interface ModelRef {
  provider: string;
  modelId: string;
  /** "provider/modelId". */
  ref: string;
}

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
 * Parses "provider/model" into a ModelRef.
 *
 * @example
 * parseModelRef("anthropic/claude-opus-4-6"); // { provider: "anthropic", modelId: "claude-opus-4-6", ref: … }
 */
export function parseModelRef(input: ModelRefInput): ModelRef {
  if (typeof input !== "string") return { ...input, ref: `${input.provider}/${input.modelId}` };
  const slash = input.indexOf("/");
  if (slash <= 0 || slash === input.length - 1)
    throw new TypeError(
      `failover: model reference "${input}" is not "provider/model" — write it like "anthropic/claude-sonnet-4-5"`,
    );
  return { provider: input.slice(0, slash), modelId: input.slice(slash + 1), ref: input };
}

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
    const ref = parseModelRef(input);
    if (seen.has(ref.ref)) continue;
    seen.add(ref.ref);
    out.push(ref);
  }
  return out;
}

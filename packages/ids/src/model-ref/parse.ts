/**
 * Model references: `provider/model`. The provider id is the part before the first `/`; the
 * model id keeps every further slash (`openrouter/moonshotai/kimi-k2`).
 */

/** A parsed model reference. */
export interface ModelRef {
  /** Lower-cased provider id, e.g. "anthropic". */
  provider: string;
  /** The provider's model id as written, e.g. "claude-opus-4-6" or "moonshotai/kimi-k2". */
  modelId: string;
  /** The canonical "provider/modelId". */
  ref: string;
}

/**
 * Parses `provider/model`, or returns undefined when there is no slash or a side is empty.
 * Surrounding whitespace is dropped and the provider id is lower-cased (provider ids are
 * lower-case everywhere); the model id keeps its case, since providers' ids are case-sensitive.
 *
 * @example
 * parseModelRef("openrouter/moonshotai/kimi-k2");
 * // → { provider: "openrouter", modelId: "moonshotai/kimi-k2", ref: "openrouter/moonshotai/kimi-k2" }
 * parseModelRef("gpt-4o"); // → undefined
 */
export function parseModelRef(input: string): ModelRef | undefined {
  const slash = input.indexOf("/");
  if (slash < 0) return undefined;
  const provider = input.slice(0, slash).trim().toLowerCase();
  const modelId = input.slice(slash + 1).trim();
  if (!provider || !modelId) return undefined;
  return { provider, modelId, ref: formatModelRef(provider, modelId) };
}

/**
 * @example
 * formatModelRef("openai", "gpt-4o"); // → "openai/gpt-4o"
 */
export function formatModelRef(provider: string, modelId: string): string {
  return `${provider}/${modelId}`;
}

/**
 * Like {@link parseModelRef}, but throws an error that shows the expected shape. `what` names
 * the caller in the message ("failover", "--model").
 *
 * @example
 * requireModelRef("anthropic/claude-sonnet-4-5").provider; // → "anthropic"
 */
export function requireModelRef(input: string, what = "model reference"): ModelRef {
  const parsed = parseModelRef(input);
  if (!parsed)
    throw new TypeError(
      `${what}: "${input}" is not "provider/model" — write it like "anthropic/claude-sonnet-4-5"`,
    );
  return parsed;
}

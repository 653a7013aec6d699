/** Window assumed when nothing better is known. */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 200_000;
/** Anthropic's 1M-context beta window. */
export const CONTEXT_1M_TOKENS = 1_048_576;
/** Below this a run should be refused: the system prompt alone would not fit. */
export const CONTEXT_WINDOW_HARD_MIN_TOKENS = 16_000;
/** Below this a run should warn: compaction will run constantly. */
export const CONTEXT_WINDOW_WARN_BELOW_TOKENS = 32_000;

export type ContextWindowSource =
  | "override"
  | "context1m"
  | "modelsConfig"
  | "model"
  | "agentContextTokens"
  | "default";

export interface ContextWindowInput {
  /** An explicit per-call override; wins over everything. */
  override?: number;
  /** The Anthropic 1M-context flag. */
  context1m?: boolean;
  /** The window configured for this model in the config file's model entry. */
  modelsConfigTokens?: number;
  /** The model's catalog metadata (`Model.contextWindow`). */
  model?: { contextWindow: number };
  /** The agent's `contextTokens`, used when the model's window is unknown. */
  agentContextTokens?: number;
  /** A hard cap applied after resolution (the smaller value wins). */
  capTokens?: number;
  /** Fallback when nothing above is set (default 200000). */
  defaultTokens?: number;
}

export interface ResolvedContextWindow {
  tokens: number;
  source: ContextWindowSource;
  capped: boolean;
  /** Window below 32k tokens. */
  shouldWarn: boolean;
  /** Window below 16k tokens. */
  shouldBlock: boolean;
}

function usable(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value > 0;
}

/**
 * Resolves a model's context window; first usable value wins: override, 1M flag, configured model
 * entry, catalog metadata, agent contextTokens, default 200k. `capTokens` then caps it.
 *
 * @example
 * resolveContextWindow({ modelsConfigTokens: 100_000, model: { contextWindow: 200_000 } });
 * // → { tokens: 100000, source: "modelsConfig", capped: false, shouldWarn: false, shouldBlock: false }
 */
export function resolveContextWindow(input: ContextWindowInput = {}): ResolvedContextWindow {
  const candidates: [ContextWindowSource, number | undefined][] = [
    ["override", input.override],
    ["context1m", input.context1m ? CONTEXT_1M_TOKENS : undefined],
    ["modelsConfig", input.modelsConfigTokens],
    ["model", input.model?.contextWindow],
    ["agentContextTokens", input.agentContextTokens],
  ];
  let tokens = usable(input.defaultTokens) ? input.defaultTokens : DEFAULT_CONTEXT_WINDOW_TOKENS;
  let source: ContextWindowSource = "default";
  for (const [name, value] of candidates) {
    if (usable(value)) {
      tokens = value;
      source = name;
      break;
    }
  }
  const capped = usable(input.capTokens) && input.capTokens < tokens;
  if (capped && input.capTokens !== undefined) tokens = input.capTokens;
  tokens = Math.floor(tokens);
  return {
    tokens,
    source,
    capped,
    shouldWarn: tokens < CONTEXT_WINDOW_WARN_BELOW_TOKENS,
    shouldBlock: tokens < CONTEXT_WINDOW_HARD_MIN_TOKENS,
  };
}

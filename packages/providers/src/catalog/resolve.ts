/**
 * Finding a model by its "provider/id" reference, with errors that say what to type instead.
 */
import { editDistance, parseModelRef } from "@claw/ids";
import type { Model } from "../types.js";
import { MODEL_CATALOG } from "./models.js";

export interface ResolveModelOptions {
  /** User-defined models, searched before the catalog (they may override a built-in). */
  customModels?: readonly Model[];
  /** Replace the built-in catalog (tests, pinned deployments). */
  catalog?: readonly Model[];
}

/**
 * Looks a model up without throwing.
 *
 * @example
 * findModel("openai/gpt-4o")?.contextWindow; // 128000
 */
export function findModel(ref: string, options: ResolveModelOptions = {}): Model | undefined {
  const parsed = parseModelRef(ref);
  if (!parsed) return undefined;
  const all = [...(options.customModels ?? []), ...(options.catalog ?? MODEL_CATALOG)];
  return all.find((m) => m.provider === parsed.provider && m.id === parsed.modelId);
}

/**
 * Resolves "provider/id" to a model, or throws an error naming the closest known models.
 *
 * @example
 * const model = resolveModel("anthropic/claude-sonnet-4-5");
 * const local = resolveModel("lmstudio/qwen", { customModels: [defineOpenAICompatibleModel({ ... })] });
 */
export function resolveModel(ref: string, options: ResolveModelOptions = {}): Model {
  if (!parseModelRef(ref)) {
    throw new Error(
      `providers: model "${ref}" is not a "provider/id" reference (for example "openai/gpt-4o")`,
    );
  }
  const found = findModel(ref, options);
  if (found) return found;
  const known = [...(options.customModels ?? []), ...(options.catalog ?? MODEL_CATALOG)].map(
    (m) => `${m.provider}/${m.id}`,
  );
  const suggestions = known
    .map((k) => ({ k, d: editDistance(k, ref) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((s) => `"${s.k}"`);
  const hint = suggestions.length > 0 ? ` (did you mean ${suggestions.join(", ")}?)` : "";
  throw new Error(
    `providers: "${ref}" is not a known model${hint} — define it with customModels or defineOpenAICompatibleModel`,
  );
}

/**
 * Lists catalog models, optionally for one provider.
 *
 * @example
 * listModels("anthropic").map((m) => m.id);
 */
export function listModels(provider?: string, catalog: readonly Model[] = MODEL_CATALOG): Model[] {
  return catalog.filter((m) => provider === undefined || m.provider === provider);
}

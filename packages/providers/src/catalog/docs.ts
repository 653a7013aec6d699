/**
 * The README's model table, rendered from the catalog so the two cannot drift.
 */
import type { Model } from "../types.js";
import { MODEL_CATALOG } from "./models.js";

const price = (usd: number) => (usd === 0 ? "–" : `$${usd}`);

/**
 * Renders models as one Markdown table.
 *
 * @example
 * renderModelCatalogDocs(listModels("anthropic"));
 */
export function renderModelCatalogDocs(models: readonly Model[] = MODEL_CATALOG): string {
  const rows = models.map(
    (m) =>
      `| \`${m.provider}/${m.id}\` | ${m.api} | ${m.contextWindow.toLocaleString("en-US")} | ${m.maxTokens.toLocaleString("en-US")} | ${m.input.join(", ")} | ${m.reasoning ? "yes" : "no"} | ${price(m.cost.input)} / ${price(m.cost.output)} | ${price(m.cost.cacheRead)} / ${price(m.cost.cacheWrite)} |`,
  );
  return [
    "| model | api | context | max output | input | reasoning | $ in / out per 1M | $ cache read / write |",
    "|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

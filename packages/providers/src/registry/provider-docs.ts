/** The README's provider table, rendered from PROVIDER_TABLE so the two cannot drift. */
import { PROVIDER_TABLE, type ProviderFacts } from "./provider-table.js";

/**
 * Renders the provider table as Markdown.
 *
 * @example
 * renderProviderTableDocs(); // "| provider | api | default endpoint | key from | …"
 */
export function renderProviderTableDocs(table: readonly ProviderFacts[] = PROVIDER_TABLE): string {
  const rows = table.map(
    (p) =>
      `| \`${p.id}\` | ${p.api} | ${p.baseUrl ? `\`${p.baseUrl}\`` : "–"} | ${p.keyless ? "none (keyless)" : p.envKeys.map((k) => `\`${k}\``).join(", ")} | ${p.onboarding ? p.onboarding.label : "–"} |`,
  );
  return [
    "| provider | api | default endpoint | key from | onboarding |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

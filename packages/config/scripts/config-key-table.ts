/**
 * Prints the Markdown key table of docs/config.md from the schema, so the reference cannot drift:
 * `pnpm exec tsx --conditions=@claw/source scripts/config-key-table.ts`.
 */
import { configJsonSchema } from "../src/index.js";

type Schema = Record<string, unknown>;

function typeOf(node: Schema): string {
  if (Array.isArray(node.enum)) return node.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  if (Array.isArray(node.anyOf)) return (node.anyOf as Schema[]).map(typeOf).join(" \\| ");
  if (node.type === "array") return `${typeOf((node.items ?? {}) as Schema)}[]`;
  if (node.type === "object" && node.patternProperties) return "map";
  return String(node.type ?? "any");
}

const rows: string[] = [];
function walk(node: Schema, path: string): void {
  const properties = (node.properties ?? {}) as Record<string, Schema>;
  for (const [key, child] of Object.entries(properties)) {
    const full = path ? `${path}.${key}` : key;
    const fallback = "default" in child ? `\`${JSON.stringify(child.default)}\`` : "";
    const description = typeof child.description === "string" ? child.description.replace(/\|/g, "\\|") : "";
    if (
      child.type !== "object" ||
      child.patternProperties ||
      Object.keys(child.properties ?? {}).length === 0
    )
      rows.push(
        `| \`${full}\` | ${typeOf(child)} | ${fallback === "`{}`" ? "" : fallback} | ${description} |`,
      );
    const items = child.type === "array" ? (child.items as Schema) : undefined;
    if (items?.properties) walk(items, `${full}[]`);
    const value = Object.values((child.patternProperties ?? {}) as Record<string, Schema>)[0];
    if (value?.properties) walk(value, `${full}.<id>`);
    for (const branch of (child.anyOf ?? []) as Schema[]) if (branch.properties) walk(branch, full);
    if (child.properties) walk(child, full);
  }
}
walk(configJsonSchema(), "");
console.log(["| Key | Type | Default | Notes |", "|---|---|---|---|", ...rows].join("\n"));

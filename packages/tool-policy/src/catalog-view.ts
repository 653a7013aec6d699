/**
 * Queries over a catalog (the built-in rows plus rows a caller registers): ids, lookup, groups,
 * owner-only tools, capability needs and display order. The built-in view is computed once.
 */
import { CORE_TOOLS, type ToolCatalogEntry } from "./catalog.js";

export interface ToolCatalogView {
  readonly entries: readonly ToolCatalogEntry[];
  /** Every id, in catalog order. */
  readonly ids: readonly string[];
  get(id: string): ToolCatalogEntry | undefined;
  /** `group:<group>` → member ids, plus `group:core` (every id). */
  readonly groups: Readonly<Record<string, readonly string[]>>;
  /** Ids flagged `ownerOnly`. */
  readonly ownerOnly: readonly string[];
  /** Id → the channel capability it needs. */
  readonly capabilityNeeds: ReadonlyMap<string, string>;
}

/**
 * Builds a view over catalog rows; a later row with the same id replaces an earlier one in place.
 *
 * @example
 * catalogView([...CORE_TOOLS, { id: "lobster", summary: "Claws", group: "media", risk: "low" }]).groups["group:media"];
 * // ["lobster"]
 */
export function catalogView(rows: readonly ToolCatalogEntry[]): ToolCatalogView {
  const byId = new Map<string, ToolCatalogEntry>();
  for (const row of rows) byId.set(row.id, row);
  const entries = [...byId.values()];
  const ids = entries.map((e) => e.id);
  const groups: Record<string, string[]> = {};
  for (const entry of entries) {
    const key = `group:${entry.group}`;
    groups[key] = [...(groups[key] ?? []), entry.id];
  }
  return {
    entries,
    ids,
    get: (id) => byId.get(id),
    groups: { ...groups, "group:core": ids },
    ownerOnly: entries.filter((e) => e.ownerOnly).map((e) => e.id),
    capabilityNeeds: new Map(entries.flatMap((e) => (e.requires ? [[e.id, e.requires] as const] : []))),
  };
}

/** The built-in catalog. */
export const BUILTIN_CATALOG: ToolCatalogView = catalogView(CORE_TOOLS);

/** The built-in catalog, or one extended with the caller's rows (plugins, tests). */
export function catalogWith(extraTools: readonly ToolCatalogEntry[] | undefined): ToolCatalogView {
  return extraTools && extraTools.length > 0 ? catalogView([...CORE_TOOLS, ...extraTools]) : BUILTIN_CATALOG;
}

/** Every built-in tool id, in catalog order. */
export const CORE_TOOL_IDS: readonly string[] = BUILTIN_CATALOG.ids;

/** Built-in tools removed for non-owners by default (from the catalog's `ownerOnly` flags). */
export const OWNER_ONLY_TOOLS: readonly string[] = BUILTIN_CATALOG.ownerOnly;

/**
 * Looks up a built-in tool by id.
 *
 * @example
 * getCoreTool("exec")?.risk; // "high"
 */
export function getCoreTool(id: string): ToolCatalogEntry | undefined {
  return BUILTIN_CATALOG.get(id);
}

/**
 * Sorts tool ids into catalog order; tools not in the catalog (plugins) follow, sorted by name,
 * so none disappear.
 *
 * @example
 * sortToolsByCatalog(["zeta_plugin", "exec", "read"]); // ["read", "exec", "zeta_plugin"]
 */
export function sortToolsByCatalog(ids: readonly string[]): string[] {
  const rank = (id: string) => catalogRank.get(id) ?? Number.POSITIVE_INFINITY;
  return [...ids].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

const catalogRank = new Map(CORE_TOOL_IDS.map((id, index) => [id, index]));

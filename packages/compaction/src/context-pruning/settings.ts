export interface ContextPruningSettings {
  /** `off` disables pruning; `cache-ttl` prunes once the provider's prompt cache has expired. */
  mode: "off" | "cache-ttl";
  /** Prune only when the last cache touch is at least this old. */
  ttlMs: number;
  /** Tool results after the last N assistant messages are protected. */
  keepLastAssistants: number;
  /** Soft-trim when the context is at least this share of the window. */
  softTrimRatio: number;
  /** Hard-clear when the context is at least this share of the window. */
  hardClearRatio: number;
  /** Hard clear runs only when prunable tool results hold at least this many characters. */
  minPrunableToolChars: number;
  softTrim: { maxChars: number; headChars: number; tailChars: number };
  hardClear: { enabled: boolean; placeholder: string };
  /** Tool names (`*` wildcards, case-insensitive); deny wins; an empty allow list allows all. */
  tools: { allow: readonly string[]; deny: readonly string[] };
}

/** Defaults when pruning is enabled (reference values). */
export const DEFAULT_CONTEXT_PRUNING_SETTINGS: ContextPruningSettings = {
  mode: "cache-ttl",
  ttlMs: 5 * 60 * 1000,
  keepLastAssistants: 3,
  softTrimRatio: 0.3,
  hardClearRatio: 0.5,
  minPrunableToolChars: 50_000,
  softTrim: { maxChars: 4_000, headChars: 1_500, tailChars: 1_500 },
  hardClear: { enabled: true, placeholder: "[Old tool result content cleared]" },
  tools: { allow: [], deny: [] },
};

export type ContextPruningSettingsInput = Partial<
  Omit<ContextPruningSettings, "softTrim" | "hardClear" | "tools">
> & {
  softTrim?: Partial<ContextPruningSettings["softTrim"]>;
  hardClear?: Partial<ContextPruningSettings["hardClear"]>;
  tools?: Partial<ContextPruningSettings["tools"]>;
};

/**
 * Fills partial settings from the defaults.
 *
 * @example
 * resolveContextPruningSettings({ softTrim: { headChars: 2000 } }).softTrim; // → { maxChars: 4000, headChars: 2000, tailChars: 1500 }
 */
export function resolveContextPruningSettings(
  input: ContextPruningSettingsInput = {},
): ContextPruningSettings {
  const d = DEFAULT_CONTEXT_PRUNING_SETTINGS;
  return {
    ...d,
    ...input,
    softTrim: { ...d.softTrim, ...input.softTrim },
    hardClear: { ...d.hardClear, ...input.hardClear },
    tools: { ...d.tools, ...input.tools },
  };
}

function wildcard(pattern: string): RegExp {
  const escaped = pattern
    .trim()
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, ".*");
  return new RegExp(`^${escaped}$`, "i");
}

/**
 * A predicate for "may this tool's results be pruned": deny wins, matching is case-insensitive,
 * `*` is a wildcard, and an empty allow list allows every tool.
 *
 * @example
 * const prunable = createToolPrunablePredicate({ allow: ["EXEC"], deny: ["exec"] });
 * prunable("exec"); // → false
 */
export function createToolPrunablePredicate(
  tools: ContextPruningSettings["tools"],
): (name: string) => boolean {
  const allow = tools.allow.map(wildcard);
  const deny = tools.deny.map(wildcard);
  return (name) => {
    if (deny.some((re) => re.test(name))) return false;
    return allow.length === 0 || allow.some((re) => re.test(name));
  };
}

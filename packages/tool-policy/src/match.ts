/**
 * Compiles a tool list as written in config (`["group:fs", "sessions_*", "bash"]`) into a
 * matcher: a Set of exact ids, a few anchored RegExps for globs, and a wildcard flag. Every hit
 * carries the rule text that explain prints, e.g. `tools.deny ("group:runtime")`.
 */
import { normalizeToolName } from "./groups.js";

/** One written list entry and where it came from. */
export interface ToolListEntry {
  /** The entry exactly as written (`"Bash"`, `"group:fs"`, `"sessions_*"`). */
  readonly entry: string;
  /** Config path of the list holding it (`agents.list[safe-agent].tools.deny`). */
  readonly path: string;
  /** Why a built-in rule holds (`depth ≥ 2`), printed after the entry. */
  readonly note?: string;
  /** Built-in tables (profiles) are exact: "apply_patch follows write" does not apply. */
  readonly exact?: boolean;
}

/** What matched a tool name: printable as `path ("entry")`. */
export interface RuleHit extends ToolListEntry {
  /** Set when the tool matched through a rule rather than its own name. */
  readonly via?: string;
}

/** Both methods take a canonical tool id (see `normalizeToolName`). */
export interface ToolMatcher {
  /** Fast check used on every turn. */
  test(name: string): boolean;
  /** Which entry matched, for explain. */
  match(name: string): RuleHit | undefined;
}

export interface MatcherOptions {
  /** Groups usable in the list (built-in plus plugin groups). */
  groups: Readonly<Record<string, readonly string[]>>;
}

/** Classified entry: what a single written entry means. */
export type EntryKind =
  | { kind: "all" }
  | { kind: "name"; name: string }
  | { kind: "group"; group: string; members: readonly string[] | undefined }
  | { kind: "glob"; re: RegExp };

/**
 * Says what one written entry means.
 *
 * @example
 * classifyEntry("sessions_*", TOOL_GROUPS); // { kind: "glob", re: /^sessions_.*$/ }
 */
export function classifyEntry(entry: string, groups: MatcherOptions["groups"]): EntryKind {
  const text = entry.trim().toLowerCase();
  if (text === "*") return { kind: "all" };
  if (text.startsWith("group:")) return { kind: "group", group: text, members: groups[text] };
  if (text.includes("*") || text.includes("?")) return { kind: "glob", re: globToRegExp(text) };
  return { kind: "name", name: normalizeToolName(text) };
}

/** Compiled globs are shared: configs repeat the same few patterns on every compile. */
const globCache = new Map<string, RegExp>();
const GLOB_CACHE_LIMIT = 1024;

/** `sessions_*` → `/^sessions_.*$/`; `?` is one character; everything else is literal. */
export function globToRegExp(glob: string): RegExp {
  const cached = globCache.get(glob);
  if (cached) return cached;
  let source = "";
  for (const ch of glob) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  const re = new RegExp(`^${source}$`);
  if (globCache.size >= GLOB_CACHE_LIMIT) globCache.clear();
  globCache.set(glob, re);
  return re;
}

const APPLY_PATCH = "apply_patch";
const WRITE = "write";

/**
 * Compiles written entries into a matcher. Names are compared after `normalizeToolName`.
 *
 * @example
 * const m = compileToolMatcher([{ entry: "group:runtime", path: "tools.deny" }], { groups: TOOL_GROUPS });
 * m.test("exec"); // true
 * m.match("process"); // { entry: "group:runtime", path: "tools.deny" }
 */
export function compileToolMatcher(entries: readonly ToolListEntry[], options: MatcherOptions): ToolMatcher {
  const { exact, lookup } = compileLookup(entries, options.groups);
  // "apply_patch follows write": resolved once here so matching stays a lookup.
  const followers = entries.filter((e) => !e.exact);
  if (followers.length > 0 && !lookup(APPLY_PATCH)) {
    const followed = compileLookup(followers, options.groups).lookup(WRITE);
    if (followed) exact.set(APPLY_PATCH, { ...followed, via: "apply_patch follows write" });
  }
  return { test: (name) => lookup(name) !== undefined, match: lookup };
}

/** Exact ids in a Map, globs as anchored RegExps, `"*"` as a flag; the first entry wins. */
function compileLookup(entries: readonly ToolListEntry[], groups: MatcherOptions["groups"]) {
  const exact = new Map<string, RuleHit>();
  const globs: { re: RegExp; hit: RuleHit }[] = [];
  let all: RuleHit | undefined;
  for (const hit of entries) {
    const meaning = classifyEntry(hit.entry, groups);
    if (meaning.kind === "all") all ??= hit;
    else if (meaning.kind === "name") {
      if (!exact.has(meaning.name)) exact.set(meaning.name, hit);
    } else if (meaning.kind === "group") {
      for (const member of meaning.members ?? []) if (!exact.has(member)) exact.set(member, hit);
    } else globs.push({ re: meaning.re, hit });
  }
  const lookup = (name: string): RuleHit | undefined => {
    if (all) return all;
    const found = exact.get(name);
    if (found) return found;
    for (const glob of globs) if (glob.re.test(name)) return glob.hit;
    return undefined;
  };
  return { exact, lookup };
}

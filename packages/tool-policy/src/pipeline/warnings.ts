/**
 * Warnings for lists that will not do what their author meant: unknown tool or group names
 * (with a "did you mean"), globs matching nothing, empty allow-lists, allow-lists that match
 * nothing, and entries both allowed and denied. Nothing is dropped silently.
 */
import { editDistance } from "@claw/ids";
import { catalogWith } from "../catalog-view.js";
import { classifyEntry, type ToolListEntry } from "../match.js";
import type { ToolPolicyOptions, ToolRuleSet } from "../types.js";
import { providerPath, type StepSpec } from "./steps.js";

export type ToolPolicyWarningCode =
  | "unknown-tool"
  | "unknown-group"
  | "glob-matches-nothing"
  | "empty-allow"
  | "allow-matches-nothing"
  | "allow-deny-conflict";

export interface ToolPolicyWarning {
  readonly code: ToolPolicyWarningCode;
  /** Config path of the list, e.g. `tools.allow`. */
  readonly path: string;
  readonly entry?: string;
  readonly message: string;
}

/** Collects every warning for the given options and their step specs. */
export function collectWarnings(options: ToolPolicyOptions, specs: readonly StepSpec[]): ToolPolicyWarning[] {
  const catalog = catalogWith(options.extraTools);
  const groups: Record<string, readonly string[]> = { ...catalog.groups };
  for (const [name, members] of Object.entries(options.groups ?? {})) groups[name.toLowerCase()] = members;
  const known = new Set([...catalog.ids, ...(options.knownTools ?? []), ...Object.values(groups).flat()]);
  const warnings = new Map<string, ToolPolicyWarning>();
  const add = (w: ToolPolicyWarning) => warnings.set(`${w.code}|${w.path}|${w.entry ?? ""}`, w);
  for (const spec of specs) {
    const written = [...(spec.allow ?? []), ...spec.deny].filter((e) => !e.exact);
    for (const e of written) checkEntry(e, groups, known, add);
    const userAllow = (spec.allow ?? []).filter((e) => !e.exact);
    if (
      spec.allow &&
      userAllow.length === spec.allow.length &&
      !userAllow.some((e) => matchesKnown(e, groups, known))
    )
      add({
        code: "allow-matches-nothing",
        path: spec.allowSource,
        message: `${spec.allowSource} names no known tool, so this layer removes every tool`,
      });
    const allowed = new Set((spec.allow ?? []).flatMap((e) => names(e, groups)));
    for (const e of spec.deny.filter((d) => !d.exact))
      for (const name of names(e, groups))
        if (allowed.has(name))
          add({
            code: "allow-deny-conflict",
            path: e.path,
            entry: e.entry,
            message: `${spec.allowSource} allows "${name}" but ${e.path} denies it ("${e.entry}"); deny wins`,
          });
  }
  for (const [path, rules] of writtenRuleSets(options)) {
    if (rules.allow && rules.allow.length === 0)
      add({
        code: "empty-allow",
        path: `${path}.allow`,
        message: `${path}.allow is empty, so it does not restrict anything; to remove every tool use deny: ["*"]`,
      });
  }
  return [...warnings.values()];
}

function checkEntry(
  e: ToolListEntry,
  groups: Readonly<Record<string, readonly string[]>>,
  known: ReadonlySet<string>,
  add: (w: ToolPolicyWarning) => void,
): void {
  const meaning = classifyEntry(e.entry, groups);
  if (meaning.kind === "group" && !meaning.members) {
    const hint = suggest(meaning.group, Object.keys(groups));
    add({
      code: "unknown-group",
      path: e.path,
      entry: e.entry,
      message: `${e.path}: unknown group "${e.entry}"${hint}`,
    });
  } else if (meaning.kind === "name" && !known.has(meaning.name)) {
    const hint = suggest(meaning.name, [...known]);
    add({
      code: "unknown-tool",
      path: e.path,
      entry: e.entry,
      message: `${e.path}: unknown tool "${e.entry}"${hint}`,
    });
  } else if (meaning.kind === "glob" && ![...known].some((name) => meaning.re.test(name))) {
    add({
      code: "glob-matches-nothing",
      path: e.path,
      entry: e.entry,
      message: `${e.path}: pattern "${e.entry}" matches no known tool`,
    });
  }
}

function names(e: ToolListEntry, groups: Readonly<Record<string, readonly string[]>>): readonly string[] {
  const meaning = classifyEntry(e.entry, groups);
  if (meaning.kind === "name") return [meaning.name];
  if (meaning.kind === "group") return meaning.members ?? [];
  return [];
}

function matchesKnown(
  e: ToolListEntry,
  groups: Readonly<Record<string, readonly string[]>>,
  known: ReadonlySet<string>,
): boolean {
  const meaning = classifyEntry(e.entry, groups);
  if (meaning.kind === "all") return true;
  if (meaning.kind === "glob") return [...known].some((name) => meaning.re.test(name));
  return names(e, groups).some((name) => known.has(name));
}

function writtenRuleSets(options: ToolPolicyOptions): [string, ToolRuleSet][] {
  const agentPath = options.agent ? `agents.list[${options.agent.id}].tools` : "agents.list[].tools";
  const sets: [string, ToolRuleSet | undefined][] = [
    ["tools", options.global],
    [agentPath, options.agent],
    [options.group?.source ?? "group.tools", options.group],
    [options.sandbox?.source ?? "sandbox.tools", options.sandbox],
    [options.subagent?.tools?.source ?? "tools.subagents.tools", options.subagent?.tools],
  ];
  for (const [scope, policy] of [
    ["tools", options.global],
    [agentPath, options.agent],
  ] as const)
    for (const [key, rules] of Object.entries(policy?.byProvider ?? {}))
      sets.push([providerPath(scope, key), rules]);
  return sets.filter((s): s is [string, ToolRuleSet] => s[1] !== undefined);
}

/** ` (did you mean "exec"?)` when a known name is within edit distance 2. */
function suggest(wrong: string, candidates: readonly string[]): string {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = editDistance(wrong, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best ? ` (did you mean "${best}"?)` : "";
}

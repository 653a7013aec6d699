/**
 * The config form's data rules, pure: read and write a value at a path, the merge patch of what
 * changed, and validation against the config's JSON Schema with @claw/config's own checker (the
 * same messages and did-you-mean hints as `claw config validate`).
 */
import { buildKeyIndex, type ConfigIssue, checkAgainstSchema, formatPath } from "@claw/config";

export type Path = readonly (string | number)[];
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** A copy of `root` with `value` at `path` (undefined removes the key); objects on the way are copied. */
export function setAt(root: JsonObject, path: Path, value: unknown): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined) return isObject(value) ? value : root;
  const copy: JsonObject = { ...root };
  if (rest.length === 0) {
    if (value === undefined) delete copy[String(head)];
    else copy[String(head)] = value;
    return copy;
  }
  const child = copy[String(head)];
  copy[String(head)] = setAt(isObject(child) ? child : {}, rest, value);
  return copy;
}

/**
 * The JSON merge patch turning `before` into `after` (objects recurse, anything else is replaced
 * whole; a removed key becomes null), or undefined when nothing changed.
 *
 * @example
 * mergePatch({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }); // { a: { c: 3 } }
 */
export function mergePatch(before: unknown, after: unknown): unknown {
  if (isObject(before) && isObject(after)) {
    const patch: JsonObject = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!(key in after)) {
        patch[key] = null;
        continue;
      }
      const child = mergePatch(before[key], after[key]);
      if (child !== undefined) patch[key] = child;
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? undefined : after;
}

/** Every problem of the document against the schema, keyed by dotted path (`gateway.port`). */
export function validateDocument(schema: JsonObject, document: unknown): Map<string, ConfigIssue[]> {
  const context = { issues: [] as ConfigIssue[], keyIndex: buildKeyIndex(schema) };
  checkAgainstSchema(schema, document, [], context);
  const byPath = new Map<string, ConfigIssue[]>();
  for (const issue of context.issues) byPath.set(issue.path, [...(byPath.get(issue.path) ?? []), issue]);
  return byPath;
}

/** The issues at a field and below it (`gateway.auth` also shows `gateway.auth.mode`'s). */
export function issuesUnder(issues: Map<string, ConfigIssue[]>, path: Path, exact: boolean): ConfigIssue[] {
  const key = formatPath(path);
  if (exact) return issues.get(key) ?? [];
  return [...issues]
    .filter(([p]) => p === key || p.startsWith(`${key}.`) || p.startsWith(`${key}[`))
    .flatMap(([, list]) => list);
}

export { formatPath };

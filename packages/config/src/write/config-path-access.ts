/**
 * Dotted paths into a config document (`agents.defaults.model.primary`, `agents.list[0].id`),
 * used by `claw config get|set`.
 */

export type PathSegment = string | number;

const WELL_FORMED = /^(?:[^.[\]"]+|\["[^"]+"\])(?:\.[^.[\]"]+|\[\d+\]|\["[^"]+"\])*$/;

/**
 * Splits `a.b[0].c` (or `a.b.0.c`) into segments; throws on an empty or malformed path.
 *
 * @example
 * parseConfigPath('agents.list[0].model'); // → ["agents", "list", 0, "model"]
 */
export function parseConfigPath(path: string): PathSegment[] {
  if (!WELL_FORMED.test(path))
    throw new Error(
      `config path ${JSON.stringify(path)} is not valid: write it like agents.defaults.model or agents.list[0].id`,
    );
  const segments: PathSegment[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]|\["([^"]+)"\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[3] !== undefined) segments.push(match[3]);
  }
  return segments;
}

/** The value at `segments`, or undefined. */
export function getAtPath(document: unknown, segments: readonly PathSegment[]): unknown {
  let node = document;
  for (const segment of segments) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** A copy of `document` with `value` at `segments`, creating objects (or arrays for numeric keys). */
export function setAtPath(document: unknown, segments: readonly PathSegment[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  const container =
    typeof document === "object" && document !== null ? document : typeof head === "number" ? [] : {};
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAtPath(copy[head], rest, value);
  return copy;
}

/** A copy of `document` without the key at `segments`. */
export function unsetAtPath(document: unknown, segments: readonly PathSegment[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || typeof document !== "object" || document === null) return document;
  if (Array.isArray(document)) {
    if (rest.length === 0) return document.filter((_, i) => i !== head);
    return document.map((item, i) => (i === head ? unsetAtPath(item, rest) : item));
  }
  const copy: Record<string, unknown> = { ...(document as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = unsetAtPath(copy[head], rest);
  return copy;
}

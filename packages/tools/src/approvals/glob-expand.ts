/**
 * Pathname expansion as /bin/sh (dash) does it, against the real filesystem, bounded: `*`, `?`
 * and `[…]` per component, a leading `.` only matched by a literal `.` (so `.*` matches `.` and
 * `..`), backslash-escaped characters literal, no match → the word stays as written. Used to see
 * the words a safe binary would really get, before its options are read.
 */
import { lstatSync, readdirSync } from "node:fs";

/** Most names a pattern may match, and most directory entries read, before the gate asks instead. */
export const GLOB_LIMITS = { matches: 256, entries: 4096 } as const;

export type GlobResult =
  | {
      ok: true;
      words: string[] /** Folders read to match (relative to the cwd, as the shell sees them). */;
      listed: string[];
    }
  | { ok: false; reason: string };

/**
 * @example
 * expandGlob("*.md", "/ws"); // { ok: true, words: ["README.md", "notes.md"], listed: ["."] }
 */
export function expandGlob(
  pattern: string,
  cwd: string,
  /** Why a folder may not be read (the gate asks at once, without reading it), or undefined. */
  refuseListing: (dir: string) => string | undefined = () => undefined,
): GlobResult {
  const absolute = pattern.startsWith("/");
  const parts = pattern.split("/");
  if (absolute) parts.shift();
  let candidates: string[] = [absolute ? "/" : ""];
  const listed: string[] = [];
  let entriesRead = 0;
  let afterGlob = false;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string;
    let matcher: ((name: string) => boolean) | undefined;
    try {
      matcher = componentMatcher(part);
    } catch {
      return { ok: false, reason: `the glob "${pattern}" has a bracket expression the gate cannot read` };
    }
    const next: string[] = [];
    for (const base of candidates) {
      if (!matcher) {
        const joined = join(base, removeEscapes(part));
        if (!afterGlob || exists(cwd, joined)) next.push(joined);
        continue;
      }
      const dir = base === "" ? "." : base;
      const refused = refuseListing(dir);
      if (refused) return { ok: false, reason: `the glob "${pattern}" lists a folder: ${refused}` };
      listed.push(dir);
      let names: string[];
      try {
        names = readdirSync(onDisk(cwd, dir));
      } catch {
        continue;
      }
      entriesRead += names.length + 2;
      if (entriesRead > GLOB_LIMITS.entries)
        return {
          ok: false,
          reason: `the glob "${pattern}" reads more than ${GLOB_LIMITS.entries} directory entries`,
        };
      for (const name of [".", "..", ...names]) if (matcher(name)) next.push(join(base, name));
      if (next.length > GLOB_LIMITS.matches)
        return { ok: false, reason: `the glob "${pattern}" matches more than ${GLOB_LIMITS.matches} names` };
    }
    afterGlob ||= matcher !== undefined;
    candidates = next;
    if (candidates.length === 0) break;
  }
  const words = afterGlob && candidates.length > 0 ? candidates.sort() : [removeEscapes(pattern)];
  return { ok: true, words, listed };
}

function join(base: string, name: string): string {
  if (base === "") return name;
  return base.endsWith("/") ? `${base}${name}` : `${base}/${name}`;
}

function onDisk(cwd: string, path: string): string {
  return path.startsWith("/") ? path : `${cwd}/${path}`;
}

function exists(cwd: string, path: string): boolean {
  try {
    lstatSync(onDisk(cwd, path));
    return true;
  } catch {
    return false;
  }
}

/** True when the pattern has an unescaped `*`, `?` or `[`. */
function hasGlob(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") i++;
    else if (ch === "*" || ch === "?" || ch === "[") return true;
  }
  return false;
}

function removeEscapes(text: string): string {
  return text.replace(/\\(.)/gs, "$1");
}

const CLASSES: Record<string, string> = {
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "a-zA-Z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: "\\s",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
  print: " -~",
  graph: "!-~",
  cntrl: "\\x00-\\x1f\\x7f",
};

/** A matcher for one path component, or undefined when it has no glob characters. */
function componentMatcher(part: string): ((name: string) => boolean) | undefined {
  if (!hasGlob(part)) return undefined;
  let source = "";
  for (let i = 0; i < part.length; i++) {
    const ch = part[i] as string;
    if (ch === "\\" && i + 1 < part.length) source += escapeRegExp(part[++i] as string);
    else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else if (ch === "[") {
      const klass = bracket(part, i);
      if (klass) {
        source += klass.source;
        i = klass.end;
      } else source += "\\[";
    } else source += escapeRegExp(ch);
  }
  const regexp = new RegExp(`^${source}$`, "s");
  const literalDot = part.startsWith(".") || part.startsWith("\\.");
  return (name) => (literalDot || !name.startsWith(".")) && regexp.test(name);
}

/** A `[…]` bracket expression starting at `start`, as a regexp class, or undefined if never closed. */
function bracket(part: string, start: number): { source: string; end: number } | undefined {
  let i = start + 1;
  let negate = false;
  if (part[i] === "!" || part[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  let first = true;
  for (; i < part.length; i++) {
    const ch = part[i] as string;
    if (ch === "]" && !first) return { source: `[${negate ? "^" : ""}${body}]`, end: i };
    first = false;
    if (ch === "[" && part[i + 1] === ":") {
      const close = part.indexOf(":]", i + 2);
      const name = close > 0 ? part.slice(i + 2, close) : "";
      const klass = CLASSES[name];
      if (klass === undefined) return undefined;
      body += klass;
      i = close + 1;
    } else if (ch === "\\" && i + 1 < part.length) body += escapeClass(part[++i] as string);
    else if (ch === "-" && body !== "" && part[i + 1] !== "]") body += "-";
    else body += escapeClass(ch);
  }
  return undefined;
}

function escapeRegExp(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}

function escapeClass(ch: string): string {
  return /[\\\]^-]/.test(ch) ? `\\${ch}` : ch;
}

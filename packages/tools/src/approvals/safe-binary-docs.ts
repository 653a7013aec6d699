/**
 * The README's safe-binary table, generated from `SAFE_BINARIES` (a test keeps the README in
 * step): per program, the options that ask, the options whose files are checked, and the note.
 */
import { FIND_PREDICATES } from "./find-grammar.js";
import type { OptionSpec } from "./option-grammar.js";
import { SAFE_BINARIES, type SafeBinary } from "./safe-binaries.js";

const NEVER_SAFE = new Set(["program", "path-write", "names-from"]);

/** Markdown, one row per safe binary. */
export function renderSafeBinaryTable(): string {
  const lines = [
    "| Program | Options that ask | Options whose file must be in the workspace | Notes |",
    "|---|---|---|---|",
  ];
  for (const bin of SAFE_BINARIES) {
    const name = [bin.name, ...(bin.aliases ?? [])].map((n) => `\`${n}\``).join(", ");
    lines.push(`| ${name} | ${list(asking(bin))} | ${list(checked(bin))} | ${bin.note} |`);
  }
  return lines.join("\n");
}

function asking(bin: SafeBinary): string[] {
  if (bin.grammar === "find")
    return [
      "-H",
      "-L",
      ...Object.entries(FIND_PREDICATES)
        .filter(([, p]) => "asks" in p)
        .map(([n]) => n),
    ];
  const options = bin.grammar.options.filter(
    (o) => o.asks || o.tags.has("follows") || o.kinds.some((k) => NEVER_SAFE.has(k)),
  );
  const onlyRecursing = (o: OptionSpec) =>
    !o.asks && !bin.recursive && o.kinds.every((k) => !NEVER_SAFE.has(k));
  return options.map((o) => (onlyRecursing(o) ? `${names(o)} (when recursing)` : names(o)));
}

function checked(bin: SafeBinary): string[] {
  if (bin.grammar === "find")
    return Object.entries(FIND_PREDICATES)
      .filter(([, p]) => "args" in p && p.args.includes("path-read"))
      .map(([n]) => n)
      .concat("-newerXY");
  return bin.grammar.options.filter((o) => !o.asks && o.kinds.includes("path-read")).map(names);
}

function names(option: OptionSpec): string {
  return [
    ...[...option.short.keys()].map((k) => `-${k}`),
    ...[...option.long.keys()].map((k) => `--${k}`),
  ].join(" ");
}

function list(items: string[]): string {
  return items.length === 0 ? "—" : items.map((item) => `\`${item}\``).join(", ");
}

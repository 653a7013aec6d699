/**
 * Programs an allowlist-mode agent may run without asking, each with its REAL option grammar
 * (GNU coreutils 9.1, grep 3.8, diffutils 3.8, findutils 4.9, file 5.44, jq 1.6, hostname 3.23,
 * as `--help` prints them on Debian 12). Options are an allow-list: an option a row does not name
 * asks. Every value and operand has a kind; `path-read` ones must resolve inside the workspace,
 * `path-write`, `program` and `names-from` ones always ask. `git`, `sed`, `awk`, `xargs`, `env`,
 * `tar`, interpreters, pagers and `rg`/`tree` (not installed here, so not verified) are absent on
 * purpose. The README table is generated from these rows (`renderSafeBinaryTable`).
 */
import { FILES_ROWS } from "./safe-binary-rows/files.js";
import type { SafeBinary } from "./safe-binary-rows/row.js";
import { SEARCH_ROWS } from "./safe-binary-rows/search.js";
import { SYSTEM_ROWS } from "./safe-binary-rows/system.js";
import { TEXT_ROWS } from "./safe-binary-rows/text.js";

export type { SafeBinary } from "./safe-binary-rows/row.js";

/** One row per program, in the order the README table lists them. */
export const SAFE_BINARIES: readonly SafeBinary[] = [
  ...FILES_ROWS,
  ...TEXT_ROWS,
  ...SEARCH_ROWS,
  ...SYSTEM_ROWS,
];

const BY_NAME = new Map(
  SAFE_BINARIES.flatMap((bin) => [bin.name, ...(bin.aliases ?? [])].map((n) => [n, bin])),
);

/** The safe-binary row for a program's real file name, if it has one. */
export function safeBinary(basename: string): SafeBinary | undefined {
  return BY_NAME.get(basename);
}

/** Where safe binaries must live to count as safe (a `ls` in the workspace is not). */
export const TRUSTED_BINARY_DIRS: readonly string[] = [
  "/usr/bin",
  "/bin",
  "/usr/sbin",
  "/sbin",
  "/usr/local/bin",
];

export { SAFE_BUILTINS, UNSAFE_BUILTINS } from "./shell-builtins.js";

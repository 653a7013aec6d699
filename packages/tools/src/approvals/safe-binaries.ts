/**
 * Programs an allowlist-mode agent may run without asking: they read and print, and cannot run
 * other programs or write files with the arguments they allow. They may only name paths inside
 * the workspace (`cat ~/.claw/…` asks), so they cannot read the gateway's secrets. Each row names the arguments that
 * would break that promise. `git`, `sed`, `awk`, `xargs`, `env` and interpreters are absent on
 * purpose: each can run code from a file or config the agent can write.
 */
export interface SafeBinary {
  name: string;
  /** Arguments (matched one by one) that make the program unsafe, e.g. `find -exec`. */
  deniedArgs?: RegExp;
  note?: string;
}

export const SAFE_BINARIES: readonly SafeBinary[] = [
  { name: "ls" },
  { name: "cat" },
  { name: "head" },
  { name: "tail" },
  { name: "wc" },
  { name: "grep" },
  { name: "egrep" },
  { name: "fgrep" },
  { name: "rg", deniedArgs: /^--pre(-glob)?(=|$)/, note: "--pre runs a program on every file" },
  { name: "cut" },
  { name: "tr" },
  { name: "uniq", deniedArgs: /^[^-]/, note: "a second operand is an output file" },
  { name: "sort", deniedArgs: /^(-o|--output|--compress-program)/, note: "-o writes a file" },
  { name: "diff" },
  { name: "cmp" },
  { name: "stat" },
  { name: "file" },
  { name: "which" },
  { name: "basename" },
  { name: "dirname" },
  { name: "realpath" },
  { name: "readlink" },
  { name: "du" },
  { name: "df" },
  { name: "nl" },
  { name: "tac" },
  { name: "rev" },
  { name: "comm" },
  { name: "seq" },
  { name: "sha256sum" },
  { name: "md5sum" },
  { name: "jq" },
  { name: "tree", deniedArgs: /^-o$/, note: "-o writes a file" },
  { name: "date", deniedArgs: /^(-s|--set)/, note: "-s sets the clock" },
  { name: "whoami" },
  { name: "id" },
  { name: "uname" },
  { name: "hostname", deniedArgs: /^[^-]/, note: "an operand sets the host name" },
  {
    name: "find",
    deniedArgs: /^-(exec|execdir|ok|okdir|delete|fprint|fprint0|fprintf|fls)$/,
    note: "-exec runs programs, -delete and -fprint write",
  },
];

/** Shell builtins that only print or test: they need no path and change nothing. */
export const SAFE_BUILTINS: ReadonlySet<string> = new Set([
  "echo",
  "printf",
  "pwd",
  "true",
  "false",
  "test",
  "[",
  ":",
]);

/**
 * Builtins that run other code or change how later commands resolve (PATH, aliases, traps);
 * they never match an allowlist entry, so they always need a person.
 */
export const UNSAFE_BUILTINS: ReadonlySet<string> = new Set([
  "eval",
  "exec",
  "source",
  ".",
  "command",
  "builtin",
  "trap",
  "alias",
  "export",
  "unset",
  "readonly",
  "declare",
  "typeset",
  "local",
  "hash",
  "enable",
  "set",
  "shopt",
  "ulimit",
  "umask",
  "cd",
  "pushd",
  "popd",
  "kill",
  "exit",
  "return",
  "wait",
  "jobs",
  "fg",
  "bg",
  "disown",
  "read",
  "mapfile",
  "coproc",
  "time",
]);

const BY_NAME = new Map(SAFE_BINARIES.map((bin) => [bin.name, bin]));

/** The safe-binary row for a program's real file name, if it has one. */
export function safeBinary(basename: string): SafeBinary | undefined {
  return BY_NAME.get(basename);
}

/** Shell builtins the exec gate knows: the ones that only print or test, and the ones that never pass. */
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

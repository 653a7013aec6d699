/** What a command may touch: output streams, environment and home dir (injected for tests). */
import { homedir } from "node:os";
import type { Model, StreamFunction } from "@claw/providers";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  /** True when stdout is a terminal (colour and decoration allowed). */
  isTTY: boolean;
  /** True when stdin is a terminal (interactive prompts allowed). */
  stdinIsTTY?: boolean;
  /** Extra models and a stream function for the embedded runtime (`--local`); tests pass the faux provider. */
  embedded?: { models?: readonly Model[]; stream?: StreamFunction };
}

/** The real process. A closed pipe (`claw config schema | head`) ends quietly instead of crashing. */
export function processIo(): CliIo {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    homeDir: homedir(),
    isTTY: process.stdout.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
  };
}

export interface Style {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
}

const plain = (text: string) => text;

/** ANSI styles, or identity functions when colour is off (NO_COLOR, --no-color, TERM=dumb, not a TTY). */
export function createStyle(io: CliIo, noColorFlag: boolean): Style {
  const enabled = !noColorFlag && io.isTTY && io.env.NO_COLOR === undefined && io.env.TERM !== "dumb";
  if (!enabled) return { bold: plain, dim: plain, red: plain, green: plain, yellow: plain };
  const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
  };
}

/** Options shared by the built-in tools. */
export interface CodingToolsOptions {
  /** The agent's workspace root; file tools cannot leave it. */
  workspaceDir: string;
  /** Largest file `read` returns whole, in bytes (default 256 KB; larger files need a line range). */
  maxReadBytes?: number;
  /** Largest tool output in characters before head+tail truncation (default 30 000). */
  maxOutputChars?: number;
  /** The whole environment for `exec` (default: PATH, HOME, LANG, TERM only — never the gateway's secrets). */
  env?: NodeJS.ProcessEnv;
  /** Shell for `exec` (default /bin/sh, or cmd.exe on Windows). */
  shell?: string;
}

export const DEFAULT_MAX_READ_BYTES = 256 * 1024;
export const DEFAULT_MAX_OUTPUT_CHARS = 30_000;

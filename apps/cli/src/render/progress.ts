/**
 * A one-line progress bar on stderr: redrawn in place on a terminal, silent otherwise (so
 * redirected output stays clean; the command prints its summary anyway).
 */
import type { CliIo } from "../io.js";

export interface ProgressBar {
  update(done: number, total: number, label?: string): void;
  done(): void;
}

const WIDTH = 24;

/**
 * @example
 * const bar = createProgressBar(io, "indexing");
 * bar.update(3, 10, "memory/2026-01-16.md");
 * bar.done();
 */
export function createProgressBar(io: CliIo, title: string): ProgressBar {
  const tty = io.isTTY && io.env.TERM !== "dumb";
  let drawn = false;
  return {
    update(done, total, label = "") {
      if (!tty) return;
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      const filled = Math.round(ratio * WIDTH);
      const bar = `${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}`;
      const text = `${title} ${bar} ${done}/${total} ${label}`.slice(0, 100);
      io.stderr(`\r\u001b[2K${text}`);
      drawn = true;
    },
    done() {
      if (drawn) io.stderr("\r\u001b[2K");
      drawn = false;
    },
  };
}

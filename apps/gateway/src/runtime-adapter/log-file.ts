/** The gateway's log: JSON lines appended to `<stateDir>/logs/gateway.log`, tailed by `logs.tail`. */
import { appendFileSync, closeSync, mkdirSync, openSync, readSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type { LogsTailResult } from "@claw/protocol";

export interface LogFile {
  readonly path: string;
  write(level: "debug" | "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
  tail(query: { cursor?: number; limit: number; maxBytes: number }): Promise<LogsTailResult>;
}

export function createLogFile(path: string, options: { echo?: (line: string) => void } = {}): LogFile {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  return {
    path,
    write(level, message, fields) {
      const line = JSON.stringify({ ts: new Date().toISOString(), level, msg: message, ...fields });
      try {
        appendFileSync(path, `${line}\n`, { mode: 0o600 });
      } catch {
        // A full disk must not take the gateway down; the echo still shows the line.
      }
      options.echo?.(line);
    },
    async tail({ cursor, limit, maxBytes }) {
      let size = 0;
      try {
        size = statSync(path).size;
      } catch {
        return { file: path, cursor: 0, size: 0, lines: [] };
      }
      const reset = cursor !== undefined && cursor > size;
      const from = cursor === undefined || reset ? Math.max(0, size - maxBytes) : cursor;
      const length = Math.min(size - from, maxBytes);
      const buffer = Buffer.alloc(length);
      const fd = openSync(path, "r");
      try {
        readSync(fd, buffer, 0, length, from);
      } finally {
        closeSync(fd);
      }
      let text = buffer.toString("utf8");
      let start = from;
      if (cursor === undefined || reset) {
        const firstNewline = text.indexOf("\n");
        if (from > 0 && firstNewline !== -1) {
          start += Buffer.byteLength(text.slice(0, firstNewline + 1));
          text = text.slice(firstNewline + 1);
        }
      }
      const complete = text.lastIndexOf("\n");
      const body = complete === -1 ? "" : text.slice(0, complete);
      const next = start + Buffer.byteLength(complete === -1 ? "" : text.slice(0, complete + 1));
      const lines = body === "" ? [] : body.split("\n");
      const truncated = lines.length > limit || from + length < size;
      return {
        file: path,
        cursor: next,
        size,
        lines: lines.slice(-limit),
        ...(truncated ? { truncated } : {}),
        ...(reset ? { reset } : {}),
      };
    },
  };
}

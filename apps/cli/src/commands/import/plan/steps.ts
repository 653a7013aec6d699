/**
 * An import is a list of steps, each saying what it would do to which Claw file and whether that
 * file would be created, updated, left unchanged, or kept because it already holds something else
 * (a conflict). The same list drives `--dry-run`, the real run and `--json`.
 */
import { existsSync, readFileSync } from "node:fs";

export type StepStatus = "create" | "update" | "unchanged" | "conflict";

export type StepKind = "config" | "auth" | "workspace" | "session" | "cron" | "memory";

export interface FileStep {
  kind: Exclude<StepKind, "session" | "memory">;
  status: StepStatus;
  /** Absolute path written. */
  target: string;
  /** One line saying what it is, e.g. `2 agents, 3 bindings`. */
  detail: string;
  content: Buffer;
  /** File mode for a new or replaced file. */
  mode: number;
}

export interface SessionStep {
  kind: "session";
  status: StepStatus;
  target: string;
  detail: string;
  sessionKey: string;
  agentId: string;
  messages: number;
}

export interface MemoryStep {
  kind: "memory";
  status: StepStatus;
  target: string;
  detail: string;
  agentId: string;
}

export type Step = FileStep | SessionStep | MemoryStep;

/** The status of writing `content` to `target`: `replaceable` files are updated, others conflict. */
export function fileStatus(target: string, content: Buffer, replaceable: boolean): StepStatus {
  if (!existsSync(target)) return "create";
  if (readFileSync(target).equals(content)) return "unchanged";
  return replaceable ? "update" : "conflict";
}

export function fileStep(
  kind: FileStep["kind"],
  target: string,
  content: string | Buffer,
  options: { detail: string; mode?: number; replaceable: boolean },
): FileStep {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return {
    kind,
    target,
    detail: options.detail,
    content: bytes,
    mode: options.mode ?? 0o644,
    status: fileStatus(target, bytes, options.replaceable),
  };
}

/** `{ a: 1 }` → `"{\n  \"a\": 1\n}\n"`: how every JSON file the importer writes is laid out. */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function readJsonIfExists(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Sandboxes started ahead of their command. Creating the namespaces, mounts and /proc of a
 * bubblewrap sandbox costs several times a plain spawn, so after each sandboxed command the
 * next sandbox of the same shape (spec, workspace, cwd, environment) is started at once and
 * waits on stdin; the next command of that shape only writes itself to it. Every command still
 * gets a fresh sandbox of its own — nothing is shared or reused between commands — so isolation
 * is exactly the cold path's. Idle sandboxes are killed after `idleMs`, and all on dispose.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { killTree } from "../exec/process-registry.js";
import { encodeWaitingCommand } from "./bwrap-args.js";

export interface WarmShape {
  /** The bubblewrap binary. */
  file: string;
  /** `bwrapWaitingArgs(…)` for the shape. */
  waitingArgs: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

interface WarmEntry {
  child: ChildProcess;
  timer: NodeJS.Timeout;
}

export class WarmSandboxPool {
  private readonly idle = new Map<string, WarmEntry>();

  constructor(private readonly options: { idleMs?: number; maxShapes?: number } = {}) {}

  /**
   * A sandbox for `shape` already running `command`, or undefined when none was waiting (the
   * caller then starts one cold). Either way the next sandbox of this shape starts now.
   */
  take(shape: WarmShape, command: string): ChildProcess | undefined {
    const key = JSON.stringify([shape.file, shape.waitingArgs, shape.cwd, shape.env]);
    const entry = this.idle.get(key);
    this.idle.delete(key);
    this.prepare(key, shape);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    const { child } = entry;
    if (child.exitCode !== null || child.signalCode !== null || !child.stdin?.writable) return undefined;
    setRef(child, true);
    child.stdin.end(encodeWaitingCommand(command));
    return child;
  }

  /** Kills every waiting sandbox. */
  dispose(): void {
    for (const entry of this.idle.values()) this.discard(entry);
    this.idle.clear();
  }

  private prepare(key: string, shape: WarmShape): void {
    const maxShapes = this.options.maxShapes ?? 4;
    if (this.idle.size >= maxShapes) {
      const [oldestKey, oldest] = this.idle.entries().next().value ?? [];
      if (oldestKey !== undefined && oldest) {
        this.idle.delete(oldestKey);
        this.discard(oldest);
      }
    }
    const child = spawn(shape.file, shape.waitingArgs, {
      cwd: shape.cwd,
      env: shape.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    child.on("error", () => this.forget(key, child));
    child.on("exit", () => this.forget(key, child));
    const timer = setTimeout(() => {
      this.forget(key, child);
      this.discard({ child, timer });
    }, this.options.idleMs ?? 60_000);
    timer.unref();
    setRef(child, false);
    this.idle.set(key, { child, timer });
  }

  private forget(key: string, child: ChildProcess): void {
    const entry = this.idle.get(key);
    if (entry?.child === child) {
      clearTimeout(entry.timer);
      this.idle.delete(key);
    }
  }

  private discard(entry: WarmEntry): void {
    clearTimeout(entry.timer);
    entry.child.stdin?.destroy();
    killTree(entry.child);
  }
}

/** A waiting sandbox must not keep the process alive; a taken one must, until its output is read. */
function setRef(child: ChildProcess, ref: boolean): void {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as const) {
    const refable = handle as { ref?: () => void; unref?: () => void } | null;
    if (ref) refable?.ref?.();
    else refable?.unref?.();
  }
}

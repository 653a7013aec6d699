/**
 * Background processes started by `exec`: output kept in a 30 KB ring buffer, finished processes
 * forgotten after a TTL (30 min), all killed on dispose.
 */
import type { ChildProcess } from "node:child_process";
import { RingBuffer } from "./ring-buffer.js";

export interface ManagedProcess {
  id: string;
  command: string;
  child: ChildProcess;
  output: RingBuffer;
  startedAt: number;
  endedAt?: number;
  exitCode?: number | null;
  signal?: NodeJS.Signals | null;
  /** Position up to which `poll` has reported output. */
  polled: number;
  /** Resolves when the process exits. */
  exited: Promise<void>;
}

export interface ProcessRegistryOptions {
  bufferChars?: number;
  ttlMs?: number;
  now?: () => number;
}

export class ProcessRegistry {
  private readonly processes = new Map<string, ManagedProcess>();
  private counter = 0;
  readonly bufferChars: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: ProcessRegistryOptions = {}) {
    this.bufferChars = options.bufferChars ?? 30 * 1024;
    this.ttlMs = options.ttlMs ?? 30 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Tracks a spawned child; its stdout and stderr go to one ring buffer. */
  track(command: string, child: ChildProcess): ManagedProcess {
    this.sweep();
    const id = `p${++this.counter}`;
    const output = new RingBuffer(this.bufferChars, Math.floor(this.bufferChars / 6));
    child.stdout?.setEncoding("utf8").on("data", (d: string) => output.write(d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => output.write(d));
    const managed: ManagedProcess = {
      id,
      command,
      child,
      output,
      startedAt: this.now(),
      polled: 0,
      exited: new Promise<void>((resolve) => {
        child.on("close", (code, signal) => {
          managed.exitCode = code;
          managed.signal = signal;
          managed.endedAt = this.now();
          resolve();
        });
        child.on("error", (error) => {
          output.write(`\n[spawn error: ${error.message}]\n`);
          managed.endedAt ??= this.now();
          resolve();
        });
      }),
    };
    this.processes.set(id, managed);
    return managed;
  }

  get(id: string): ManagedProcess | undefined {
    this.sweep();
    return this.processes.get(id);
  }

  list(): ManagedProcess[] {
    this.sweep();
    return [...this.processes.values()];
  }

  forget(id: string): void {
    this.processes.delete(id);
  }

  /** Kills every running process (used when the runtime shuts down). */
  dispose(): void {
    for (const p of this.processes.values()) if (p.endedAt === undefined) killTree(p.child);
    this.processes.clear();
  }

  private sweep(): void {
    const cutoff = this.now() - this.ttlMs;
    for (const [id, p] of this.processes)
      if (p.endedAt !== undefined && p.endedAt < cutoff) this.processes.delete(id);
  }
}

/** Kills a child and its process group (commands run in their own group). */
export function killTree(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Child processes for crash tests: a script (a gateway-like process running the channel layer) is
 * started under tsx on the workspace sources, reports "ready" on stdout, and is killed with SIGKILL
 * at the moment the test chooses, then started again on the same state folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ReadyProcessOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** Sees every piece of the child's stdout (e.g. to notice a marker line it prints). */
  onStdout?: (text: string) => void;
  /** Names the process in the error when it exits before it is ready. */
  name?: string;
}

/** Starts `script` (a .ts file) with Node, tsx and the `@claw/source` condition; resolves once it prints "ready". */
export function startReadyProcess(script: string, options: ReadyProcessOptions = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=@claw/source", "--import", "tsx", script], {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (data: Buffer) => {
      const text = data.toString();
      options.onStdout?.(text);
      if (text.includes("ready")) resolve(child);
    });
    child.once("exit", (code) =>
      reject(new Error(`${options.name ?? "layer process"} exited early (${code})`)),
    );
  });
}

/** SIGKILLs `child` and resolves when it has exited (at once when it already has). */
export const killProcess = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

/**
 * The processes one test started, so `afterEach` can kill whatever is left.
 *
 * @example
 * const processes = new ReadyProcesses();
 * afterEach(() => processes.killAll());
 * const first = await processes.start(script, { env: { STATE_DIR: stateDir } });
 * await killProcess(first);
 */
export class ReadyProcesses {
  readonly #children: ChildProcess[] = [];

  async start(script: string, options: ReadyProcessOptions = {}): Promise<ChildProcess> {
    const child = await startReadyProcess(script, options);
    this.#children.push(child);
    return child;
  }

  async killAll(): Promise<void> {
    for (const child of this.#children.splice(0)) await killProcess(child);
  }
}

/** A fake platform server that can hold the layer's sends unanswered (the fakes of the channel packages). */
export interface HoldingFake {
  onHeld?: (...args: never[]) => void;
  holdSends(hold: boolean, options?: { afterDelivered?: number }): void;
  releaseHeld(): void;
  readonly sent: readonly unknown[];
}

/**
 * The crash choreography: with the fake holding sends after `afterDelivered` answered ones, `ask()`
 * (a message in), wait for a held send, SIGKILL `child`, let the fake see the socket close, then
 * answer what was held. Returns what `ask()` returned and how many sends the fake had taken by then
 * (to check against `afterDelivered`); the caller starts the next process and counts what arrives.
 */
export async function killWhileSendHeld<TAsked>(options: {
  fake: HoldingFake;
  child: ChildProcess;
  afterDelivered: number;
  ask: () => TAsked;
  waitFor: (check: () => boolean, what: string) => Promise<void>;
}): Promise<{ asked: TAsked; sentBeforeRestart: number }> {
  const { fake } = options;
  let held = false;
  fake.onHeld = () => {
    held = true;
  };
  fake.holdSends(true, { afterDelivered: options.afterDelivered });
  const asked = options.ask();
  await options.waitFor(() => held, "a send to be held");
  await killProcess(options.child);
  // Let the fake's event loop see the dead client's socket close before the platform "answers".
  await new Promise((resolve) => setTimeout(resolve, 250));
  fake.releaseHeld();
  return { asked, sentBeforeRestart: fake.sent.length };
}

/** The two moments a crash test kills mid-delivery: `[name, sends answered before the held one]`. */
export const KILL_MID_DELIVERY_CASES: [string, number][] = [
  ["before the first chunk is acknowledged", 0],
  ["after the first chunk, before the second is acknowledged", 1],
];

/**
 * What crash tests hold: their processes, fake servers and state folders; `cleanup()` (in
 * `afterEach`) kills, closes and removes them all.
 *
 * @example
 * const crash = new CrashTest();
 * afterEach(() => crash.cleanup());
 * const fake = crash.track(await new FakeBotApi().start());
 * const first = await crash.processes.start(script, { env: { STATE_DIR: crash.stateDir("claw-tg-kill-") } });
 */
export class CrashTest {
  readonly processes = new ReadyProcesses();
  readonly #fakes: { close(): Promise<void> }[] = [];
  readonly #dirs: string[] = [];

  /** A new temporary state folder, removed at cleanup. */
  stateDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.#dirs.push(dir);
    return dir;
  }

  /** Closes `fake` at cleanup (after the processes are dead). */
  track<TFake extends { close(): Promise<void> }>(fake: TFake): TFake {
    this.#fakes.push(fake);
    return fake;
  }

  async cleanup(): Promise<void> {
    await this.processes.killAll();
    for (const fake of this.#fakes.splice(0)) await fake.close();
    for (const dir of this.#dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

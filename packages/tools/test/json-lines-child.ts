/**
 * Runs a test fixture in a child Node process (tsx) with a hard deadline and reads its stdout as
 * JSON lines: a fixture that hangs fails the test with `onTimeout`'s message instead of hanging CI.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface JsonLinesChild {
  /** The fixture file, relative to this test folder. */
  fixture: string;
  args?: string[];
  /** Extra Node flags before `--import tsx` (e.g. `--conditions=@claw/source`). */
  nodeFlags?: string[];
  deadlineMs: number;
  /** The error message when the deadline passes, from what the child printed so far. */
  onTimeout(output: { stdout: string; stderr: string }): string;
}

/**
 * @example
 * const rows = await runJsonLinesChild<Outcome>({ fixture: "fixtures-shell-fuzz-run.ts", deadlineMs: 30_000, onTimeout: () => "hang" });
 */
export function runJsonLinesChild<T>(options: JsonLinesChild): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(options.nodeFlags ?? []),
        "--import",
        "tsx",
        join(import.meta.dirname, options.fixture),
        ...(options.args ?? []),
      ],
      { cwd: join(import.meta.dirname, ".."), stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(options.onTimeout({ stdout, stderr })));
    }, options.deadlineMs);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`${options.fixture} exited with ${code ?? signal}: ${stderr}`));
      resolve(
        stdout
          .trimEnd()
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as T),
      );
    });
  });
}

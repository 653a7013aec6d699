/** Runs the soak gateway (gateway-child.ts) as its own process, from source, and reads its memory. */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const CHILD = join(dirname(fileURLToPath(import.meta.url)), "gateway-child.ts");

/**
 * Starts the real gateway with a faux model on `stateDir`; resolves once it listens.
 *
 * @example
 * const { child, url, token } = await startGatewayProcess(mkdtempSync(join(tmpdir(), "claw-")));
 */
export async function startGatewayProcess(
  stateDir: string,
): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(process.execPath, ["--conditions=@claw/source", "--import", "tsx", CHILD, stateDir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, ...(JSON.parse(line) as { url: string; token: string }) });
    });
    child.once("exit", (code) =>
      reject(new Error(`gateway child exited (${code}) before listening: ${stderr}`)),
    );
  });
}

/** Resident and peak resident memory of a process in MiB (Linux /proc; undefined elsewhere). */
export function processMemoryMiB(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

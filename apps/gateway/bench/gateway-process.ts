/** Starting the built gateway process the way a user does, for the process benchmarks and soaks. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GATEWAY_NODE_FLAGS } from "../src/paths.js";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(appDir, "bin", "claw-gateway.js");

/** Throws unless apps/gateway is built (`pnpm bench` builds first). */
export function requireBuiltGateway(): void {
  if (!existsSync(join(appDir, "dist", "main.js")))
    throw new Error("apps/gateway/dist is missing: run `pnpm build` (pnpm bench does)");
}

/** The environment of a first run: no config, no state, nothing inherited that changes startup. */
export function freshEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, CLAW_STATE_DIR: join(home, ".claw") };
  for (const key of ["CLAW_CONFIG_PATH", "CLAW_PROFILE", "CLAW_LOG_STDERR", "NODE_OPTIONS"]) delete env[key];
  return env;
}

/** Resolves with the exit code and signal (at once when the process already ended). */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** A started `claw-gateway --port 0` in `home`, with its output collected. */
export interface GatewayProcess {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
}

/** Spawns `node bin/claw-gateway.js --port 0` with the gateway's Node flags, cwd and fresh env in `home`. */
export function spawnGateway(node: string, home: string): GatewayProcess {
  const child = spawn(node, [...GATEWAY_NODE_FLAGS, bin, "--port", "0"], {
    cwd: home,
    env: freshEnv(home),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (d) => {
    output.stdout += String(d);
  });
  child.stderr?.on("data", (d) => {
    output.stderr += String(d);
  });
  return { child, output };
}

/** The gateway's URL once it prints "listening on"; rejects (and kills it) after `timeoutMs` or an early exit. */
export function listeningUrl(gateway: GatewayProcess, timeoutMs: number): Promise<string> {
  const { child, output } = gateway;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`claw-gateway did not listen within ${timeoutMs} ms; stderr: ${output.stderr}`));
    }, timeoutMs);
    const check = () => {
      const match = /listening on (\S+)/.exec(output.stdout);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", check);
      resolve(match[1]);
    };
    child.stdout?.on("data", check);
    check();
    void exitOf(child).then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`claw-gateway exited ${code ?? signal} before listening; stderr: ${output.stderr}`));
    });
  });
}

/** VmRSS of `pid` in MB from /proc; undefined without procfs (macOS), where RSS rows are skipped. */
export function vmRssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The median (upper middle for an even count); NaN for none. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

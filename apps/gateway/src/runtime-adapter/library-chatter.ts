/**
 * Library chatter (SDK deprecation notices, experimental-feature warnings, `console.warn` from a
 * dependency) goes to the gateway log, not to the user's terminal or an embedder's stderr.
 * Process warnings lose only Node's own printer while the gateway runs (other listeners stay);
 * `console.warn` / `console.info` / `console.debug` are diverted only when called from code under
 * `node_modules`, so the embedder's own console output is untouched.
 */
import { formatWithOptions } from "node:util";
import type { LogFile } from "./log-file.js";

type ConsoleMethod = "warn" | "info" | "debug";
const DIVERTED: readonly ConsoleMethod[] = ["warn", "info", "debug"];

/** Whether the caller of a diverted console method (the frame below the wrapper) is a dependency's code. */
function calledFromDependency(stack: string | undefined): boolean {
  const caller = stack?.split("\n")[2] ?? "";
  return /[\\/]node_modules[\\/]/.test(caller);
}

let active = 0;
let restoreAll: (() => void) | undefined;

/**
 * Routes library chatter into `log` until the returned function is called. Nested calls (several
 * gateways in one process) share one diversion, undone when the last one stops.
 *
 * @example
 * const stopRouting = routeLibraryChatter(log);
 * await gateway.closed;
 * stopRouting();
 */
export function routeLibraryChatter(log: LogFile): () => void {
  active++;
  if (active === 1) restoreAll = divert(log);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    active--;
    if (active === 0) {
      restoreAll?.();
      restoreAll = undefined;
    }
  };
}

function divert(log: LogFile): () => void {
  // Node prints warnings through its own listener, named onWarning; other listeners keep working.
  const printers = process.listeners("warning").filter((listener) => listener.name === "onWarning");
  for (const printer of printers) process.removeListener("warning", printer);
  const logWarning = (warning: Error & { code?: string }) =>
    log.write("warn", `process warning: ${warning.message}`, {
      warning: warning.name,
      ...(warning.code ? { code: warning.code } : {}),
    });
  process.on("warning", logWarning);

  const originals = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  for (const method of DIVERTED) {
    const original = console[method];
    originals.set(method, original);
    console[method] = (...args: unknown[]) => {
      if (!calledFromDependency(new Error().stack)) return original.apply(console, args);
      const level = method === "warn" ? "warn" : method === "info" ? "info" : "debug";
      log.write(level, `library: ${formatWithOptions({ colors: false }, ...args)}`);
    };
  }

  return () => {
    process.removeListener("warning", logWarning);
    for (const printer of printers) process.on("warning", printer);
    for (const [method, original] of originals) console[method] = original;
  };
}

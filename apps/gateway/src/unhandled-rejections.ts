/**
 * One gateway process serves every channel and client. A promise some library forgets to catch
 * (a chat SDK reconnecting, say) would end the whole process under Node's default; the gateway
 * logs it with its stack instead and keeps serving. Synchronous exceptions still end the process:
 * they can leave state half-changed, and everything accepted is durable for the restart.
 */
import type { LogFile } from "./runtime-adapter/log-file.js";

/**
 * Logs unhandled rejections to the gateway log (and stderr) instead of exiting; returns the undo.
 *
 * @example
 * const stopGuard = logUnhandledRejections(claw.log);
 */
export function logUnhandledRejections(
  log: Pick<LogFile, "write">,
  stderr: (line: string) => void = (line) => process.stderr.write(line),
): () => void {
  const onRejection = (reason: unknown) => {
    const error = reason instanceof Error ? reason : new Error(String(reason));
    log.write("error", "unhandled promise rejection (the gateway keeps running)", {
      error: error.message,
      stack: error.stack,
    });
    stderr(`claw gateway: unhandled promise rejection: ${error.stack ?? error.message}\n`);
  };
  process.on("unhandledRejection", onRejection);
  return () => process.off("unhandledRejection", onRejection);
}

/** The size cap of a message handed to an agent (`chat.send`, `agent`): checked before it is accepted. */
import { RuntimeError } from "../runtime.js";

const KiB = 1024;

/**
 * Refuses a message above `maxBytes` (UTF-8) with an error that says the size, the limit and
 * what to do; nothing is accepted or stored, so nothing is lost.
 *
 * @example
 * assertMessageSize("chat.send", params.message, ctx.limits.maxMessageBytes);
 */
export function assertMessageSize(method: string, message: string, maxBytes: number): void {
  // Cheap bound first: a string's UTF-8 size is at most 3 bytes per UTF-16 unit.
  if (message.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(message, "utf8");
  if (bytes <= maxBytes) return;
  throw new RuntimeError(
    "INVALID",
    `${method}: message is ${formatKiB(bytes)}, above the ${formatKiB(maxBytes)} limit (gateway limits.maxMessageBytes). Nothing was accepted: split the text or send it as a file in the workspace.`,
    { code: "MESSAGE_TOO_LARGE", bytes, maxBytes },
  );
}

function formatKiB(bytes: number): string {
  return `${Math.ceil(bytes / KiB)} KiB`;
}

/**
 * Which chats the `message` tool may reach: the session's own conversation always; any other only
 * when `allowTargets` names it (`"telegram:-100123"`, `"telegram:*"`, `"*"`). Pure, table-tested.
 */
import type { MessageTarget } from "./types.js";

/**
 * Why the target is refused, or undefined when it may be reached.
 *
 * @example
 * targetRefusal({ channel: "telegram", to: "42" }, { channel: "telegram", to: "7" }, ["telegram:42"]); // undefined
 */
export function targetRefusal(
  target: MessageTarget,
  own: MessageTarget | undefined,
  allowTargets: readonly string[],
): string | undefined {
  if (own && sameChat(target, own)) return undefined;
  const name = `${target.channel}:${target.to}`;
  if (allowTargets.some((pattern) => matches(pattern.trim(), target))) return undefined;
  return `${name} is not this session's conversation${own ? ` (${own.channel}:${own.to})` : ""}; other chats need tools.message.allowTargets to name them (e.g. "${name}" or "${target.channel}:*").`;
}

function sameChat(a: MessageTarget, b: MessageTarget): boolean {
  return (
    a.channel === b.channel &&
    a.to === b.to &&
    (a.accountId ?? "default") === (b.accountId ?? "default") &&
    (a.threadId ?? "") === (b.threadId ?? "")
  );
}

function matches(pattern: string, target: MessageTarget): boolean {
  if (pattern === "*") return true;
  const colon = pattern.indexOf(":");
  if (colon < 0) return false;
  const channel = pattern.slice(0, colon).toLowerCase();
  const to = pattern.slice(colon + 1);
  return channel === target.channel.toLowerCase() && (to === "*" || to === target.to);
}

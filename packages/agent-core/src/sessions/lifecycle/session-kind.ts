/**
 * What a session key says about its conversation: the reset type (direct, group, thread), the
 * channel, and the kind shown by `sessions_list` (main, group, cron, hook, node, other).
 */
import { DEFAULT_MAIN_KEY, parseAgentSessionKey, parseSessionKey } from "@claw/ids";
import type { SessionType } from "./reset-policy.js";

export type SessionKind = "main" | "group" | "cron" | "hook" | "node" | "other";

export interface SessionKeyInfo {
  agentId?: string;
  /** The part after `agent:<id>:` (or the whole key for non-agent keys). */
  rest: string;
  type?: SessionType;
  channel?: string;
  kind: SessionKind;
  isSubagent: boolean;
}

/**
 * @example
 * describeSessionKey("agent:main:telegram:group:-100:topic:7");
 * // → { agentId: "main", type: "thread", channel: "telegram", kind: "group", … }
 */
export function describeSessionKey(key: string, mainKey = DEFAULT_MAIN_KEY): SessionKeyInfo {
  const scoped = parseAgentSessionKey(key);
  const parsed = parseSessionKey(key);
  const base = {
    rest: scoped?.rest ?? key,
    isSubagent: parsed?.kind === "subagent",
    ...(scoped ? { agentId: scoped.agentId } : {}),
  };
  if (!scoped) {
    const kind = parsed?.kind;
    return { ...base, kind: kind === "cron" || kind === "hook" || kind === "node" ? kind : "other" };
  }
  switch (parsed?.kind) {
    case "main":
      return parsed.mainKey === mainKey
        ? { ...base, kind: "main", type: "direct" }
        : { ...base, kind: "other" };
    case "group":
    case "channel":
      return { ...base, kind: "group", type: parsed.thread ? "thread" : "group", channel: parsed.channel };
    case "direct":
      return {
        ...base,
        kind: "other",
        type: "direct",
        ...(parsed.channel ? { channel: parsed.channel } : {}),
      };
    default:
      return { ...base, kind: "other" };
  }
}

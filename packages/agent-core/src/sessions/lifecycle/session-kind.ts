/**
 * What a session key says about its conversation: the reset type (direct, group, thread), the
 * channel, and the kind shown by `sessions_list` (main, group, cron, hook, node, other).
 */
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
export function describeSessionKey(key: string, mainKey = "main"): SessionKeyInfo {
  const agent = /^agent:([^:]+):(.+)$/.exec(key);
  const rest = agent ? (agent[2] as string) : key;
  const parts = rest.split(":");
  const base = { rest, isSubagent: parts[0] === "subagent", ...(agent ? { agentId: agent[1] } : {}) };
  if (!agent) {
    if (rest.startsWith("cron:")) return { ...base, kind: "cron" };
    if (rest.startsWith("hook:")) return { ...base, kind: "hook" };
    if (rest.startsWith("node-")) return { ...base, kind: "node" };
    return { ...base, kind: "other" };
  }
  if (parts[0] === "subagent") return { ...base, kind: "other" };
  if (parts.length === 1 && parts[0] === mainKey) return { ...base, kind: "main", type: "direct" };
  const room = parts.findIndex((p) => p === "group" || p === "channel");
  if (room > 0) {
    const threaded = parts.slice(room + 2).some((p) => p === "topic" || p === "thread");
    return { ...base, kind: "group", type: threaded ? "thread" : "group", channel: parts[0] };
  }
  const dm = parts.indexOf("dm");
  if (dm === 0) return { ...base, kind: "other", type: "direct" };
  if (dm > 0) return { ...base, kind: "other", type: "direct", channel: parts[0] };
  return { ...base, kind: "other" };
}

/** Session key parsing: the inverse of the builders in build.ts. */

export type ParsedSessionKey =
  | { kind: "main"; agentId: string; mainKey: string }
  | { kind: "direct"; agentId: string; peerId: string; channel?: string; accountId?: string }
  | {
      kind: "group" | "channel";
      agentId: string;
      channel: string;
      id: string;
      thread?: { kind: "topic" | "thread"; id: string };
    }
  | { kind: "subagent"; agentId: string; id: string }
  | { kind: "cron"; jobId: string; agentId?: string }
  | { kind: "hook"; id: string }
  | { kind: "node"; nodeId: string }
  | { kind: "other"; agentId?: string; rest: string };

/**
 * The agent id and the rest of an `agent:<id>:<rest>` key, or undefined for any other shape
 * (no prefix, empty id, empty rest). The id is lower-cased.
 *
 * @example
 * parseAgentSessionKey("agent:Code-Reviewer:subagent:1"); // → { agentId: "code-reviewer", rest: "subagent:1" }
 */
export function parseAgentSessionKey(key: string): { agentId: string; rest: string } | undefined {
  const match = /^agent:([^:]+):(.+)$/i.exec(key.trim());
  const agentId = match?.[1]?.trim().toLowerCase();
  const rest = match?.[2]?.trim();
  return agentId && rest ? { agentId, rest } : undefined;
}

function splitThread(value: string): { id: string; thread?: { kind: "topic" | "thread"; id: string } } {
  const match = /^(.+):(topic|thread):([^:]+)$/.exec(value);
  if (!match?.[1] || !match[3]) return { id: value };
  return { id: match[1], thread: { kind: match[2] as "topic" | "thread", id: match[3] } };
}

/**
 * Classifies a session key.
 *
 * @example
 * parseSessionKey("agent:main:telegram:group:-100:topic:7");
 * // → { kind: "group", agentId: "main", channel: "telegram", id: "-100", thread: { kind: "topic", id: "7" } }
 */
export function parseSessionKey(key: string): ParsedSessionKey | undefined {
  const trimmed = key.trim();
  if (!trimmed) return undefined;
  const scoped = parseAgentSessionKey(trimmed);
  if (!scoped) {
    if (/^cron:.+/.test(trimmed)) return { kind: "cron", jobId: trimmed.slice(5) };
    if (/^hook:.+/.test(trimmed)) return { kind: "hook", id: trimmed.slice(5) };
    if (/^node-.+/.test(trimmed)) return { kind: "node", nodeId: trimmed.slice(5) };
    return { kind: "other", rest: trimmed };
  }
  const { agentId, rest } = scoped;
  const parts = rest.split(":");
  const [first, second, third] = parts;
  const tail = (from: number) => parts.slice(from).join(":");
  if (parts.length === 1 && first) return { kind: "main", agentId, mainKey: first };
  if (first === "subagent") return { kind: "subagent", agentId, id: tail(1) };
  if (first === "cron") return { kind: "cron", agentId, jobId: tail(1) };
  if (first === "dm") return { kind: "direct", agentId, peerId: tail(1) };
  if (first && (second === "group" || second === "channel") && parts.length >= 3)
    return { kind: second, agentId, channel: first, ...splitThread(tail(2)) };
  if (first && second === "dm" && parts.length >= 3)
    return { kind: "direct", agentId, channel: first, peerId: tail(2) };
  if (first && second && third === "dm" && parts.length >= 4)
    return { kind: "direct", agentId, channel: first, accountId: second, peerId: tail(3) };
  return { kind: "other", agentId, rest };
}

/**
 * True for `agent:<id>:subagent:<…>` keys.
 *
 * @example
 * isSubagentSessionKey("agent:main:subagent:1234"); // → true
 */
export function isSubagentSessionKey(key: string | undefined): boolean {
  if (key === undefined) return false;
  const parsed = parseSessionKey(key);
  return parsed?.kind === "subagent" && parsed.id.length > 0;
}

/**
 * The agent a key belongs to (`agent:<id>:…`, lower-cased), or undefined for keys of no agent.
 *
 * @example
 * sessionKeyAgentId("agent:Ops:telegram:dm:1"); // → "ops"
 * sessionKeyAgentId("cron:nightly"); // → undefined
 */
export function sessionKeyAgentId(key: string | undefined): string | undefined {
  return key === undefined ? undefined : parseAgentSessionKey(key)?.agentId;
}

/**
 * How deeply a subagent key is nested: one level per `:subagent:` segment, 0 for other keys.
 *
 * @example
 * subagentDepth("agent:main:subagent:1"); // → 1
 * subagentDepth("agent:main:main"); // → 0
 */
export function subagentDepth(key: string | undefined): number {
  if (key === undefined || !isSubagentSessionKey(key)) return 0;
  return key.split(":subagent:").length - 1;
}

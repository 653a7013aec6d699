/**
 * Session key builders. One scheme, everything under `agent:<agentId>:` except the keys the
 * reference fixes elsewhere (`cron:<jobId>`, `hook:<id>`, `node-<nodeId>`).
 *
 *   main        agent:<a>:<mainKey>
 *   per-peer    agent:<a>:dm:<peer>
 *   per-channel-peer          agent:<a>:<channel>:dm:<peer>
 *   per-account-channel-peer  agent:<a>:<channel>:<account>:dm:<peer>
 *   group/channel             agent:<a>:<channel>:group|channel:<id>[:topic|thread:<threadId>]
 *   subagent    agent:<a>:subagent:<id>
 *   openai      agent:<a>:openai:<user>   (the OpenAI-compatible HTTP endpoint)
 */

export type DmScope = "main" | "per-peer" | "per-channel-peer" | "per-account-channel-peer";

export const DEFAULT_MAIN_KEY = "main";
export const DEFAULT_ACCOUNT_ID = "default";

function part(value: string, what: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new Error(`session key: ${what} is empty`);
  return trimmed;
}

function agentPart(agentId: string): string {
  return part(agentId, "agent id").toLowerCase();
}

function channelPart(channel: string): string {
  const value = part(channel, "channel").toLowerCase();
  if (value.includes(":"))
    throw new Error(`session key: channel ${JSON.stringify(channel)} must not contain ":"`);
  return value;
}

/**
 * @example
 * buildMainSessionKey("main"); // → "agent:main:main"
 */
export function buildMainSessionKey(agentId: string, mainKey: string = DEFAULT_MAIN_KEY): string {
  return `agent:${agentPart(agentId)}:${part(mainKey, "main key")}`;
}

/**
 * The canonical identity for a peer: the `session.identityLinks` name whose list contains
 * `<channel>:<peerId>`, else the peer id itself.
 *
 * @example
 * resolveLinkedPeerId({ alice: ["telegram:123"] }, "telegram", "123"); // → "alice"
 */
export function resolveLinkedPeerId(
  identityLinks: Readonly<Record<string, readonly string[]>> | undefined,
  channel: string,
  peerId: string,
): string {
  const wanted = `${channel.trim().toLowerCase()}:${peerId.trim()}`.toLowerCase();
  for (const [name, ids] of Object.entries(identityLinks ?? {}))
    if (ids.some((id) => id.trim().toLowerCase() === wanted)) return name;
  return peerId.trim();
}

export interface DirectKeyParams {
  agentId: string;
  channel: string;
  peerId: string;
  /** The channel account the message arrived on; `default` when absent. */
  accountId?: string;
  /** `session.dmScope` (default `main`). */
  dmScope?: DmScope;
  /** `session.mainKey` (default `main`). */
  mainKey?: string;
  /** `session.identityLinks`: one person across channels shares one DM session. */
  identityLinks?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The session key of a direct message, per `dmScope`.
 *
 * @example
 * buildDirectSessionKey({ agentId: "main", channel: "telegram", peerId: "123", dmScope: "per-channel-peer" });
 * // → "agent:main:telegram:dm:123"
 */
export function buildDirectSessionKey(params: DirectKeyParams): string {
  const scope = params.dmScope ?? "main";
  if (scope === "main") return buildMainSessionKey(params.agentId, params.mainKey);
  const agent = agentPart(params.agentId);
  const channel = channelPart(params.channel);
  const peer = part(
    resolveLinkedPeerId(params.identityLinks, channel, part(params.peerId, "peer id")),
    "peer id",
  );
  if (scope === "per-peer") return `agent:${agent}:dm:${peer}`;
  if (scope === "per-channel-peer") return `agent:${agent}:${channel}:dm:${peer}`;
  const account = params.accountId?.trim() || DEFAULT_ACCOUNT_ID;
  return `agent:${agent}:${channel}:${account}:dm:${peer}`;
}

export interface ThreadRef {
  /** `topic` for Telegram forum topics, `thread` for Slack/Discord threads. */
  kind: "topic" | "thread";
  id: string;
}

export interface GroupKeyParams {
  agentId: string;
  channel: string;
  /** `group` for group chats, `channel` for rooms/channels. */
  kind?: "group" | "channel";
  id: string;
  thread?: ThreadRef;
}

/**
 * @example
 * buildGroupSessionKey({ agentId: "main", channel: "telegram", id: "-100", thread: { kind: "topic", id: "7" } });
 * // → "agent:main:telegram:group:-100:topic:7"
 */
export function buildGroupSessionKey(params: GroupKeyParams): string {
  const base = `agent:${agentPart(params.agentId)}:${channelPart(params.channel)}:${params.kind ?? "group"}:${part(params.id, "group id")}`;
  return params.thread ? `${base}:${params.thread.kind}:${part(params.thread.id, "thread id")}` : base;
}

/**
 * The key of a subagent run, under the **target** agent.
 *
 * @example
 * buildSubagentSessionKey("code-reviewer", "3f2a"); // → "agent:code-reviewer:subagent:3f2a"
 */
export function buildSubagentSessionKey(agentId: string, runId: string): string {
  return `agent:${agentPart(agentId)}:subagent:${part(runId, "subagent id")}`;
}

/**
 * @example
 * buildCronSessionKey("j1"); // → "cron:j1"
 */
export function buildCronSessionKey(jobId: string): string {
  return `cron:${part(jobId, "cron job id")}`;
}

/**
 * @example
 * buildHookSessionKey("9b1e"); // → "hook:9b1e"
 */
export function buildHookSessionKey(id: string): string {
  return `hook:${part(id, "hook id")}`;
}

/**
 * The session of a caller of the OpenAI-compatible HTTP endpoint, one per `user` field.
 *
 * @example
 * buildOpenAiSessionKey("main", "alice"); // → "agent:main:openai:alice"
 */
export function buildOpenAiSessionKey(agentId: string, user: string): string {
  return `agent:${agentPart(agentId)}:openai:${part(user, "user")}`;
}

/**
 * A key scoped under an agent: `rest` as given (`work` → `agent:<a>:work`), a key that already
 * starts with `agent:` unchanged. For short names a person types (`claw agent --session work`).
 *
 * @example
 * scopeSessionKey("main", "work"); // → "agent:main:work"
 * scopeSessionKey("main", "agent:ops:main"); // → "agent:ops:main"
 */
export function scopeSessionKey(agentId: string, rest: string): string {
  const trimmed = part(rest, "session key");
  if (/^agent:/i.test(trimmed)) return trimmed;
  return `agent:${agentPart(agentId)}:${trimmed}`;
}

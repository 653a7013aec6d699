/** Rewrites legacy and loosely written session keys into the canonical `agent:<id>:…` form. */
import { buildGroupSessionKey, buildMainSessionKey, DEFAULT_MAIN_KEY } from "./build.js";
import { parseAgentSessionKey, parseSessionKey } from "./parse.js";

export interface NormalizeContext {
  /** The agent a prefix-less key belongs to. */
  agentId: string;
  /** The channel a legacy `group:<id>` key arrived on (inferred from the provider). */
  channel?: string;
  /** `session.mainKey`. */
  mainKey?: string;
}

/**
 * Canonical form of a session key. Handles: `main` → `agent:<a>:main`; `agent:<a>` →
 * `agent:<a>:<mainKey>`; `group:<id>` → `agent:<a>:<channel>:group:<id>`;
 * `<channel>:group|channel:<id>`, `subagent:<id>`, `dm:<peer>` → prefixed; upper-case agent ids
 * and channels lower-cased. `cron:`, `hook:` and `node-` keys are returned as they are.
 *
 * @example
 * normalizeSessionKey("group:120363@g.us", { agentId: "main", channel: "whatsapp" });
 * // → "agent:main:whatsapp:group:120363@g.us"
 */
export function normalizeSessionKey(key: string, context: NormalizeContext): string {
  const trimmed = key.trim();
  const mainKey = context.mainKey ?? DEFAULT_MAIN_KEY;
  if (!trimmed) throw new Error("session key is empty");
  const bareAgent = /^agent:([^:]+):?$/i.exec(trimmed);
  if (bareAgent?.[1]) return buildMainSessionKey(bareAgent[1], mainKey);
  const scoped = parseAgentSessionKey(trimmed);
  if (scoped) return canonicalScoped(scoped.agentId, scoped.rest);
  if (/^(cron:|hook:|node-)/.test(trimmed)) return trimmed;
  if (trimmed.toLowerCase() === "main" || trimmed.toLowerCase() === "global")
    return buildMainSessionKey(context.agentId, mainKey);
  const legacyGroup = /^(group|channel):(.+)$/i.exec(trimmed);
  if (legacyGroup?.[2]) {
    if (!context.channel)
      throw new Error(
        `legacy session key ${JSON.stringify(trimmed)} needs the channel it came from to be normalised`,
      );
    return buildGroupSessionKey({
      agentId: context.agentId,
      channel: context.channel,
      kind: legacyGroup[1]?.toLowerCase() === "channel" ? "channel" : "group",
      id: legacyGroup[2],
    });
  }
  return canonicalScoped(context.agentId, trimmed);
}

/** Lower-cases the agent id and the channel segment of an already scoped key. */
function canonicalScoped(agentId: string, rest: string): string {
  const key = `agent:${agentId.toLowerCase()}:${rest}`;
  const parsed = parseSessionKey(key);
  if (
    parsed &&
    (parsed.kind === "group" || parsed.kind === "channel" || (parsed.kind === "direct" && parsed.channel))
  ) {
    const channel = parsed.channel ?? "";
    const index = key.indexOf(`:${channel}:`, `agent:${agentId}`.length);
    return `${key.slice(0, index + 1)}${channel.toLowerCase()}${key.slice(index + 1 + channel.length)}`;
  }
  return key;
}

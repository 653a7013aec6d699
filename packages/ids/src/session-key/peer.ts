/**
 * The session key of an inbound chat message, whatever its peer kind: direct messages follow
 * `session.dmScope` and `identityLinks`; groups and channels get their own key, threads and forum
 * topics a key under it. Account ids are canonicalised here so every package files a message the
 * same way.
 */
import {
  buildDirectSessionKey,
  buildGroupSessionKey,
  DEFAULT_ACCOUNT_ID,
  type DmScope,
  type ThreadRef,
} from "./build.js";

export type PeerKind = "direct" | "group" | "channel";

/**
 * The canonical account id: trimmed, lower-case, `default` when absent; characters other than
 * letters, digits, `_`, `-` and `.` become `-` (they would break a session key).
 *
 * @example
 * normalizeAccountId(" Work Bot "); // → "work-bot"
 * normalizeAccountId(undefined);    // → "default"
 */
export function normalizeAccountId(accountId: string | undefined): string {
  const trimmed = accountId?.trim().toLowerCase() ?? "";
  if (!trimmed) return DEFAULT_ACCOUNT_ID;
  return trimmed.replace(/[^a-z0-9_.-]+/g, "-");
}

export interface PeerKeyParams {
  agentId: string;
  channel: string;
  accountId?: string;
  peer: { kind: PeerKind; id: string };
  /** Thread or forum topic of a group/channel message. */
  thread?: ThreadRef;
  dmScope?: DmScope;
  mainKey?: string;
  identityLinks?: Readonly<Record<string, readonly string[]>>;
}

/**
 * @example
 * buildPeerSessionKey({ agentId: "main", channel: "telegram", peer: { kind: "direct", id: "42" }, dmScope: "per-peer" });
 * // → "agent:main:dm:42"
 * buildPeerSessionKey({ agentId: "main", channel: "telegram", peer: { kind: "group", id: "-100" }, thread: { kind: "topic", id: "7" } });
 * // → "agent:main:telegram:group:-100:topic:7"
 */
export function buildPeerSessionKey(params: PeerKeyParams): string {
  if (params.peer.kind === "direct")
    return buildDirectSessionKey({
      agentId: params.agentId,
      channel: params.channel,
      peerId: params.peer.id,
      accountId: normalizeAccountId(params.accountId),
      ...(params.dmScope ? { dmScope: params.dmScope } : {}),
      ...(params.mainKey ? { mainKey: params.mainKey } : {}),
      ...(params.identityLinks ? { identityLinks: params.identityLinks } : {}),
    });
  return buildGroupSessionKey({
    agentId: params.agentId,
    channel: params.channel,
    kind: params.peer.kind,
    id: params.peer.id,
    ...(params.thread ? { thread: params.thread } : {}),
  });
}

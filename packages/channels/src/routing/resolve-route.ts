/**
 * Which agent answers an inbound message: `bindings` in tiers (peer > parent peer > guild/team >
 * account > channel), first match in config order within a tier, the default agent last. The
 * explanation says which binding matched and why the others did not.
 */
import { normalizeAccountId, type PeerKind } from "@claw/ids";

/** One `bindings[]` entry (the config's shape). */
export interface RouteBinding {
  agentId: string;
  comment?: string;
  match: {
    channel: string;
    /** `*` matches every account; absent matches the default account only. */
    accountId?: string;
    peer?: { kind: PeerKind; id: string };
    guildId?: string;
    teamId?: string;
  };
}

export interface RouteInput {
  channel: string;
  accountId?: string;
  peer: { kind: PeerKind; id: string };
  parentPeer?: { kind: PeerKind; id: string };
  guildId?: string;
  teamId?: string;
}

export type RouteTier =
  | "peer"
  | "parent-peer"
  | "guild"
  | "team"
  | "account"
  | "channel"
  | "default"
  /** A thread bound to a session (a subagent spawned with `thread: true`); wins over every binding. */
  | "thread-binding";

export interface RouteDecision {
  agentId: string;
  tier: RouteTier;
  /** Index into `bindings` of the binding that matched. */
  bindingIndex?: number;
  /** One line a person reads: what matched and why. */
  reason: string;
  /** Every binding of this channel with why it did or did not match. */
  considered: { index: number; tier: RouteTier; matched: boolean; why: string }[];
}

const TIER_ORDER: readonly RouteTier[] = ["peer", "parent-peer", "guild", "team", "account", "channel"];

function tierOf(binding: RouteBinding): RouteTier {
  const m = binding.match;
  if (m.peer) return "peer";
  if (m.guildId) return "guild";
  if (m.teamId) return "team";
  if (m.accountId && m.accountId !== "*") return "account";
  return "channel";
}

const samePeer = (a: { kind: PeerKind; id: string } | undefined, b: { kind: PeerKind; id: string }) =>
  a !== undefined && a.kind === b.kind && a.id === b.id;

function accountMatches(binding: RouteBinding, accountId: string): boolean {
  const wanted = binding.match.accountId;
  if (wanted === "*") return true;
  return normalizeAccountId(wanted) === accountId;
}

/** Which tier the binding matches the input at, or why it does not. */
function matchBinding(
  binding: RouteBinding,
  input: RouteInput,
  accountId: string,
): { tier?: RouteTier; why: string } {
  const m = binding.match;
  if (!accountMatches(binding, accountId))
    return { why: `account ${JSON.stringify(m.accountId ?? "default")} ≠ ${JSON.stringify(accountId)}` };
  if (m.peer) {
    if (samePeer(input.peer, m.peer)) return { tier: "peer", why: `peer ${m.peer.kind}:${m.peer.id}` };
    if (samePeer(input.parentPeer, m.peer))
      return { tier: "parent-peer", why: `parent peer ${m.peer.kind}:${m.peer.id}` };
    return { why: `peer ${m.peer.kind}:${m.peer.id} ≠ ${input.peer.kind}:${input.peer.id}` };
  }
  if (m.guildId)
    return m.guildId === input.guildId
      ? { tier: "guild", why: `guild ${m.guildId}` }
      : { why: `guild ${m.guildId} ≠ ${input.guildId ?? "(none)"}` };
  if (m.teamId)
    return m.teamId === input.teamId
      ? { tier: "team", why: `team ${m.teamId}` }
      : { why: `team ${m.teamId} ≠ ${input.teamId ?? "(none)"}` };
  const tier = tierOf(binding);
  return { tier, why: tier === "account" ? `account ${accountId}` : `channel ${m.channel}` };
}

/**
 * @example
 * resolveRoute([{ agentId: "work", match: { channel: "telegram", peer: { kind: "group", id: "-100" } } }],
 *   { channel: "telegram", peer: { kind: "group", id: "-100" } }, "main");
 * // → { agentId: "work", tier: "peer", bindingIndex: 0, reason: "bindings[0] matched by peer group:-100", … }
 */
export function resolveRoute(
  bindings: readonly RouteBinding[] | undefined,
  input: RouteInput,
  defaultAgentId: string,
): RouteDecision {
  const channel = input.channel.trim().toLowerCase();
  const accountId = normalizeAccountId(input.accountId);
  const considered: RouteDecision["considered"] = [];
  let best: { index: number; tier: RouteTier; why: string } | undefined;
  (bindings ?? []).forEach((binding, index) => {
    if (binding.match.channel.trim().toLowerCase() !== channel) return;
    const result = matchBinding(binding, input, accountId);
    considered.push({
      index,
      tier: result.tier ?? tierOf(binding),
      matched: result.tier !== undefined,
      why: result.why,
    });
    if (!result.tier) return;
    if (!best || TIER_ORDER.indexOf(result.tier) < TIER_ORDER.indexOf(best.tier))
      best = { index, tier: result.tier, why: result.why };
  });
  if (!best)
    return {
      agentId: defaultAgentId,
      tier: "default",
      reason: `no binding matched ${channel}/${accountId} ${input.peer.kind}:${input.peer.id}: default agent "${defaultAgentId}"`,
      considered,
    };
  const binding = (bindings ?? [])[best.index] as RouteBinding;
  return {
    agentId: binding.agentId,
    tier: best.tier,
    bindingIndex: best.index,
    reason: `bindings[${best.index}] matched by ${best.why} → agent "${binding.agentId}"`,
    considered,
  };
}

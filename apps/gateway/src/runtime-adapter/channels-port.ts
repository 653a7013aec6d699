/**
 * The gateway's channels port over the assembled channel layer: `channels.status` in OpenClaw's
 * shape, DM pairing decisions, route explanations and `send` through the durable outbox.
 */
import type { ChannelsPort } from "@claw/gateway";
import { RuntimeError } from "@claw/gateway";
import { normalizeAccountId } from "@claw/ids";
import type { AssembledChannels } from "../assemble/channels/assemble-channels.js";
import { CHANNEL_LABELS } from "../assemble/channels/channel-accounts.js";
import { outboundTarget, peerOf, threadOf } from "../assemble/channels/outbound-target.js";

const iso = (ms: number) => new Date(ms).toISOString();
const label = (channel: string) => CHANNEL_LABELS[channel] ?? channel;

/** The `channels` part of `health` and `status`: one entry per channel with its accounts' state. */
export function channelSummary(channels: AssembledChannels) {
  const status = channels.manager.status();
  return {
    channels: Object.fromEntries(
      status.map(({ channel, accounts }) => [
        channel,
        {
          configured: accounts.some((a) => a.configured),
          running: accounts.some((a) => a.running),
          connected: accounts.some((a) => a.connected),
          accounts: accounts.length,
          errors: accounts.filter((a) => a.lastError).map((a) => `${a.accountId}: ${a.lastError}`),
        },
      ]),
    ),
    channelOrder: status.map((s) => s.channel),
    channelLabels: Object.fromEntries(status.map((s) => [s.channel, label(s.channel)])),
  };
}

export function createChannelsPort(channels: AssembledChannels): ChannelsPort {
  const { manager, pairing, outbox } = channels;
  const defaultChannel = () => manager.status()[0]?.channel;
  return {
    async status({ probe, channel }) {
      if (probe) await manager.probe(channel);
      const status = manager.status().filter((s) => !channel || s.channel === channel);
      return {
        ts: Date.now(),
        channelOrder: status.map((s) => s.channel),
        channelLabels: Object.fromEntries(status.map((s) => [s.channel, label(s.channel)])),
        channels: channelSummary(channels).channels,
        channelAccounts: Object.fromEntries(status.map((s) => [s.channel, s.accounts])),
        channelDefaultAccountId: Object.fromEntries(
          status.map((s) => [
            s.channel,
            s.accounts.find((a) => a.accountId === "default")?.accountId ??
              s.accounts[0]?.accountId ??
              "default",
          ]),
        ),
      };
    },
    async pairingList({ channel, accountId }) {
      const accounts = manager
        .status()
        .filter((s) => !channel || s.channel === channel)
        .flatMap((s) =>
          s.accounts
            .filter((a) => !accountId || a.accountId === accountId)
            .map((a) => ({
              channel: s.channel,
              channelLabel: label(s.channel),
              accountId: a.accountId,
              ...(a.name ? { accountLabel: a.name } : {}),
              notifySupported: true,
            })),
        );
      const requests = pairing
        .list({
          ...(channel ? { channel } : {}),
          ...(accountId ? { accountId: normalizeAccountId(accountId) } : {}),
        })
        .map((r) => ({
          requestId: r.code,
          channel: r.channel,
          channelLabel: label(r.channel),
          accountId: r.accountId,
          senderId: r.senderId,
          senderLabel: r.senderLabel ?? r.senderId,
          createdAt: iso(r.createdAt),
          lastSeenAt: iso(r.lastSeenAt),
          expiresAt: iso(r.expiresAt),
          notifySupported: true,
        }));
      return {
        accounts,
        requests,
        commandOwnerConfigured: false,
        limits: { pendingPerAccount: pairing.limits.pendingPerAccount, ttlMs: pairing.limits.ttlMs },
      };
    },
    async pairingDecide(decision, request) {
      const accountId = normalizeAccountId(request.accountId);
      const decided =
        decision === "approve"
          ? pairing.approve(request.channel, request.requestId, accountId)
          : pairing.deny(request.channel, request.requestId, accountId);
      if (!decided)
        throw new RuntimeError(
          "NOT_FOUND",
          `no pending pairing request ${JSON.stringify(request.requestId)} on ${request.channel}/${accountId} (codes expire after an hour) — list them with \`claw pairing list\``,
        );
      if (decision !== "approve" || !request.notify)
        return { requestId: decided.code, senderId: decided.senderId, notification: "not-requested" };
      const receipt = await outbox
        .deliver(
          { channel: decided.channel, accountId, to: decided.senderId },
          "✅ You're approved. Say hi!",
          { source: "pairing" },
        )
        .catch(() => undefined);
      return {
        requestId: decided.code,
        senderId: decided.senderId,
        notification: receipt ? "sent" : "failed",
      };
    },
    async explainRoute(query) {
      const decision = channels.pipeline.explain({
        channel: query.channel,
        ...(query.accountId ? { accountId: query.accountId } : {}),
        peer: query.peerKind ? { kind: query.peerKind, id: query.peer } : peerOf(query.peer, query.channel),
        ...(query.parentPeer ? { parentPeer: { kind: "channel", id: query.parentPeer } } : {}),
        ...(query.guildId ? { guildId: query.guildId } : {}),
        ...(query.teamId ? { teamId: query.teamId } : {}),
        ...(query.threadId ? { thread: threadOf(query.channel, query.threadId) } : {}),
        ...(query.sender ? { senderId: query.sender } : {}),
      });
      return {
        agentId: decision.agentId,
        sessionKey: decision.sessionKey,
        tier: decision.tier,
        ...(decision.bindingIndex !== undefined ? { bindingIndex: decision.bindingIndex } : {}),
        reason: decision.reason,
        ...(decision.owner ? { owner: decision.owner } : {}),
        ...(decision.dmScope ? { dmScope: decision.dmScope } : {}),
        considered: decision.considered,
      };
    },
    async send(request) {
      const channel = request.channel ?? defaultChannel();
      if (!channel)
        throw new RuntimeError(
          "UNAVAILABLE",
          "send: no chat channel is configured (see `claw channels add`)",
        );
      const accountId = normalizeAccountId(request.accountId);
      if (!channels.hasAccount(channel, accountId))
        throw new RuntimeError(
          "NOT_FOUND",
          `send: no ${channel} account "${accountId}" is configured (see \`claw channels list\`)`,
        );
      const receipt = await outbox.deliver(
        outboundTarget({
          channel,
          accountId,
          to: request.to,
          ...(request.threadId ? { threadId: request.threadId } : {}),
          ...(request.replyToId ? { replyToId: request.replyToId } : {}),
        }),
        request.text,
        { source: "send" },
      );
      const base = { channel, accountId, to: request.to };
      if (receipt.status === "silent") return { ...base, status: "silent", chunks: 0, messageIds: [] };
      const settled = await Promise.race([
        outbox.settled(receipt.outboxId),
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), request.waitMs).unref()),
      ]);
      if (!settled)
        return {
          ...base,
          status: "queued",
          outboxId: receipt.outboxId,
          chunks: receipt.chunks,
          messageIds: [],
        };
      const failed = settled.chunks.find((c) => c.status === "failed");
      return {
        ...base,
        status: failed ? "failed" : "delivered",
        outboxId: receipt.outboxId,
        chunks: receipt.chunks,
        messageIds: settled.chunks.flatMap((c) => (c.platformMessageId ? [c.platformMessageId] : [])),
        ...(failed?.error ? { error: failed.error } : {}),
      };
    },
  };
}

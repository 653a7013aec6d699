/**
 * The walk of an inbound chat message through the layer: drop redeliveries (remembered in
 * state.db, so a restart does not replay them), apply DM/group access (pairing codes for unknown
 * senders), route to an agent by bindings, build the session key per dmScope, dispatch to the
 * runtime (queue modes, debounce, commands), show typing while the run works, and put the reply
 * in the durable outbox. With an inbound journal, an accepted message is committed to state.db
 * before `handle` resolves (before the platform's update is acknowledged) and stays pending until
 * its reply is queued, in the same transaction; `resume()` dispatches what a crash left pending.
 */
import { buildPeerSessionKey, type DmScope, normalizeAccountId, stripSilentTokens } from "@claw/ids";
import { decideAccess } from "../access/access-policy.js";
import type { ChannelInbound, ChannelTarget } from "../contract/channel.js";
import { InboundNotStoredError } from "../contract/errors.js";
import { createInboundDispatcher } from "../inbound/dispatcher.js";
import type { JournalRow } from "../inbound/inbound-journal.js";
import type { DispatchResult, InboundMessage, InboundRun } from "../inbound/types.js";
import { type RouteInput, resolveRoute } from "../routing/resolve-route.js";
import { resolveDmScope, senderOwnership } from "../routing/sender-owner.js";
import { bindingOfThread, boundDecision, isUnfocusCommand, unfocusReply } from "../threads/bound-routing.js";
import { createAnswerTracker } from "./answer-tracker.js";
import { journalledText, withFetchedMedia } from "./deferred-media.js";
import type {
  ChannelPipeline,
  ChannelPipelineOptions,
  ExplainInput,
  ReplyRoute,
  RouteExplanation,
} from "./pipeline-types.js";
import { replyOfRunResult } from "./reply-of.js";
import { startRunDraft } from "./stream-run.js";

export type {
  ChannelPipeline,
  ChannelPipelineOptions,
  ExplainInput,
  InboundOutcome,
  ReplyRoute,
  RouteExplanation,
  RoutingSettings,
} from "./pipeline-types.js";

const routeId = (
  channel: string | undefined,
  accountId: string | undefined,
  peer: string | undefined,
  thread: string | undefined,
) => [channel, accountId, peer, thread].map((v) => v ?? "").join("\u0000");

/** Runs a write the acceptance of a message depends on; a failure means "not stored, deliver again". */
function stored<T>(channel: string, accountId: string, messageKey: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw new InboundNotStoredError(channel, accountId, messageKey, error);
  }
}

const defaultPairingText = (code: string, channel: string) =>
  `Hi! I don't know you yet. Ask my owner to approve this pairing code:\n\n${code}\n\n(claw pairing approve ${channel} ${code})`;

/**
 * @example
 * const pipeline = createChannelPipeline({ runtime, routing: { defaultAgentId: "main" }, access, pairing, state, deliver: outbox.deliver });
 * const manager = createChannelManager({ accounts, state, onInbound: (ch, msg) => pipeline.handle(ch, msg).then(() => {}) });
 */
export function createChannelPipeline<TRun extends InboundRun>(
  options: ChannelPipelineOptions<TRun>,
): ChannelPipeline<TRun> {
  const log = options.log ?? (() => {});
  const routing = () => (typeof options.routing === "function" ? options.routing() : options.routing);
  const routes = new Map<string, ReplyRoute>();
  const sessionRoutes = new Map<string, ReplyRoute>();
  const inFlight = new Set<Promise<void>>();
  /** Per session: dispatches waiting behind a file download, in arrival order. */
  const fetching = new Map<string, Promise<void>>();
  const typingEvery = options.typingIntervalMs ?? 4_000;

  const journal = options.journal;
  const answers = createAnswerTracker();
  let shuttingDown = false;
  /** Marks journal rows answered; inside `deliver`'s transaction when a reply is queued. */
  const answered = (ids: readonly number[]) => () => {
    if (journal && ids.length > 0) journal.answered(ids);
  };

  const deliverRun = (run: TRun, route: ReplyRoute | undefined, journalIds: readonly number[] = []) => {
    if (!route) {
      log("warn", "a run finished with no chat to reply to", { runId: run.runId });
      answered(journalIds)();
      return;
    }
    let typingTimer: ReturnType<typeof setInterval> | undefined;
    if (options.typing) {
      const type = () =>
        options.typing?.(route.channel, route.accountId, route.target).catch(() => {
          // typing is a courtesy: a failure must not touch the reply
        });
      void type();
      typingTimer = setInterval(type, typingEvery);
      typingTimer.unref?.();
    }
    const draft = startRunDraft(options.streaming, run, route, log);
    const done = run.result
      .then(async (result) => {
        clearInterval(typingTimer);
        const editOf = draft ? await draft.finish() : [];
        const text = replyOfRunResult(result);
        // The drafts showed words of a reply that ended silent: take them back.
        if (draft && editOf.length > 0 && text !== undefined && stripSilentTokens(text) === "")
          await draft.discard(editOf);
        // A run a shutdown aborted leaves its message pending: the next start runs it again.
        if (text === undefined) return shuttingDown ? undefined : answered(journalIds)();
        await options.deliver(
          {
            channel: route.channel,
            accountId: route.accountId,
            to: route.target.peer,
            ...(route.target.thread ? { thread: route.target.thread } : {}),
            ...(route.target.replyToMessageId ? { replyToMessageId: route.target.replyToMessageId } : {}),
          },
          text,
          {
            source: `run:${run.runId}`,
            within: answered(journalIds),
            ...(editOf.length > 0 ? { editOf } : {}),
          },
        );
      })
      .catch((error: unknown) =>
        log("error", "reply could not be queued", { runId: run.runId, error: String(error) }),
      )
      .finally(() => {
        clearInterval(typingTimer);
        inFlight.delete(done);
      });
    inFlight.add(done);
  };

  /** Bookkeeping whose failure must not stop an accepted (or finally refused) message. */
  const tryStore = (write: () => unknown, what: string) => {
    try {
      write();
    } catch (error) {
      log("warn", `state.db refused a write (${what}); carrying on`, { error: String(error) });
    }
  };

  const dispatcher = createInboundDispatcher<TRun>(options.runtime, {
    ...options.dispatcher,
    onRun: (run, turn) => {
      const key = routeId(turn.channel, turn.accountId, turn.peer, turn.threadId);
      deliverRun(run, routes.get(key), answers.take(`${key}\u0000${turn.senderId ?? ""}`, turn.id));
    },
  });

  const sessionKeyFor = (
    input: RouteInput & { thread?: ChannelInbound["thread"] },
    agentId: string,
    dmScope: DmScope,
  ) => {
    const settings = routing();
    return buildPeerSessionKey({
      agentId,
      channel: input.channel,
      accountId: normalizeAccountId(input.accountId),
      peer: input.peer,
      ...(input.thread ? { thread: input.thread } : {}),
      dmScope,
      ...(settings.mainKey ? { mainKey: settings.mainKey } : {}),
      ...(settings.identityLinks ? { identityLinks: settings.identityLinks } : {}),
    });
  };

  const explain = (input: ExplainInput): RouteExplanation => {
    const settings = routing();
    const decision = resolveRoute(settings.bindings, input, settings.defaultAgentId);
    const accountId = normalizeAccountId(input.accountId);
    const senderId = input.senderId ?? (input.peer.kind === "direct" ? input.peer.id : undefined);
    const bound = bindingOfThread(options.threadBindings, input.channel, accountId, input.thread);
    const agentId = bound?.agentId ?? decision.agentId;
    const owner =
      senderId !== undefined
        ? senderOwnership(settings.owners?.(agentId), input.channel, senderId)
        : undefined;
    const withOwner = owner ? { owner } : {};
    if (bound) return { ...boundDecision(bound, decision), ...withOwner };
    const dmScope = resolveDmScope(settings.dmScope, owner?.isOwner === true);
    return {
      ...decision,
      sessionKey: sessionKeyFor(input, decision.agentId, dmScope.scope),
      ...withOwner,
      ...(input.peer.kind === "direct" ? { dmScope } : {}),
    };
  };

  /** Hands an accepted message to the dispatcher and routes what comes back to the chat. */
  const dispatchAccepted = async (entry: {
    channel: string;
    accountId: string;
    target: ChannelTarget;
    message: InboundMessage;
    journalId?: number;
  }): Promise<DispatchResult<TRun>> => {
    const { channel, accountId, target } = entry;
    const message = await withFetchedMedia(entry.message, channel, accountId, options.fetchMedia);
    const route: ReplyRoute = { channel, accountId, target };
    const key = routeId(channel, accountId, target.peer.id, target.thread?.id);
    routes.set(key, route);
    sessionRoutes.set(message.sessionKey, {
      ...route,
      ...(message.senderId
        ? { requester: { id: message.senderId, isOwner: message.senderIsOwner === true } }
        : {}),
    });
    const ids = entry.journalId !== undefined ? [entry.journalId] : [];
    const plain = {
      channel,
      accountId,
      to: target.peer,
      ...(target.thread ? { thread: target.thread } : {}),
    };
    const result = await dispatcher.dispatch(message);
    switch (result.status) {
      case "started":
      case "interrupted":
        deliverRun(result.run, route, ids);
        break;
      case "command":
        await options.deliver(plain, result.reply.text, {
          source: `command:${result.reply.command}`,
          within: answered(ids),
        });
        if (result.run) deliverRun(result.run, route);
        break;
      case "refused":
        await options.deliver({ channel, accountId, to: target.peer }, `⚠️ ${result.reason}`, {
          source: "refused",
          within: answered(ids),
        });
        break;
      case "queued":
        for (const journalId of ids)
          answers.hold(`${key}\u0000${message.senderId ?? ""}`, {
            journalId,
            ...(message.id ? { messageId: message.id } : {}),
          });
        break;
      case "steered":
        // Held for a follow-up turn too, or already inside the running turn.
        if (result.alsoQueued)
          for (const journalId of ids)
            answers.hold(`${key}\u0000${message.senderId ?? ""}`, {
              journalId,
              ...(message.id ? { messageId: message.id } : {}),
            });
        else answered(ids)();
        break;
      default:
        answered(ids)();
        break;
    }
    return result;
  };

  return {
    dispatcher,
    explain,
    async handle(channel, message) {
      const channelId = channel.id;
      const accountId = normalizeAccountId(channel.accountId);
      const seenKey = `${message.peer.kind}:${message.peer.id}:${message.messageId}`;
      if (
        stored(channelId, accountId, seenKey, () =>
          journal
            ? options.state.wasSeen?.(channelId, accountId, seenKey)
            : !options.state.markSeen(channelId, accountId, seenKey),
        )
      )
        return { status: "duplicate" };

      const settings = options.access(channelId, accountId);
      const approved =
        message.peer.kind === "direct" && options.pairing.isApproved(channelId, accountId, message.sender.id);
      const bound = bindingOfThread(options.threadBindings, channelId, accountId, message.thread);
      // A thread the bot opened for a session is addressed to the bot: no mention needed there.
      const decision = decideAccess(bound ? { ...message, mentioned: true } : message, settings, approved);
      if (!decision.allow) {
        // A refusal is final: not remembering it only means a redelivery is refused again.
        if (journal) tryStore(() => options.state.markSeen(channelId, accountId, seenKey), "refusal");
        if (!decision.pairing) return { status: "denied", reason: decision.reason };
        const label = message.sender.username ? `@${message.sender.username}` : message.sender.name;
        const ask = options.pairing.ask(channelId, accountId, {
          id: message.sender.id,
          ...(label ? { label } : {}),
        });
        if (ask.status === "full") {
          log(
            "warn",
            `pairing: too many pending requests on ${channelId}/${accountId}; ${message.sender.id} ignored`,
          );
          return { status: "pairing", notified: false };
        }
        if (ask.notify)
          await options.deliver(
            { channel: channelId, accountId, to: message.peer },
            (options.pairingText ?? defaultPairingText)(ask.code, channelId),
            { source: "pairing" },
          );
        return { status: "pairing", code: ask.code, notified: ask.notify };
      }

      const input = {
        channel: channelId,
        accountId,
        peer: message.peer,
        ...(message.parentPeer ? { parentPeer: message.parentPeer } : {}),
        ...(message.guildId ? { guildId: message.guildId } : {}),
        ...(message.teamId ? { teamId: message.teamId } : {}),
        ...(message.thread ? { thread: message.thread } : {}),
      };
      if (options.threadBindings && message.thread && isUnfocusCommand(message.text)) {
        options.state.markSeen(channelId, accountId, seenKey);
        const ended = options.threadBindings.end(channelId, accountId, message.thread.id, "/unfocus")
          ? bound
          : undefined;
        await options.deliver(
          { channel: channelId, accountId, to: message.peer, thread: message.thread },
          unfocusReply(ended, explain(input).agentId),
          { source: "command:unfocus" },
        );
        return { status: "unfocused", ended: ended !== undefined };
      }
      const { agentId, sessionKey, owner } = explain({ ...input, senderId: message.sender.id });
      const replyMode = options.replyToMode?.(channelId, accountId) ?? "off";
      const target: ChannelTarget = {
        peer: message.peer,
        ...(message.thread ? { thread: message.thread } : {}),
        ...(replyMode !== "off" ? { replyToMessageId: message.messageId } : {}),
      };
      // Deferred files are journalled as references and fetched after: the platform is not kept waiting.
      const { text, deferredMedia } = journalledText(message);
      const inbound: InboundMessage & { deferredMedia?: typeof deferredMedia } = {
        sessionKey,
        agentId,
        text,
        ...(deferredMedia ? { deferredMedia } : {}),
        id: message.messageId,
        channel: channelId,
        accountId,
        peer: message.peer.id,
        senderId: message.sender.id,
        senderIsOwner: owner?.isOwner === true,
        ...(message.thread ? { threadId: message.thread.id } : {}),
        ...(message.media?.length ? { hasMedia: true } : {}),
        ...(decision.tools
          ? {
              groupTools: {
                ...decision.tools,
                source: `channels.${channelId}.groups[${settings.groups?.[message.peer.id] ? message.peer.id : "*"}].tools`,
              },
            }
          : {}),
      };
      const entry = { channel: channelId, accountId, messageKey: seenKey, target, message: inbound };
      const journalId = journal
        ? stored(channelId, accountId, seenKey, () => journal.accept(entry))
        : undefined;
      if (journal && journalId === undefined) return { status: "duplicate" };
      tryStore(
        () =>
          options.lastRoutes?.record(sessionKey, {
            channel: channelId,
            accountId,
            peer: message.peer,
            ...(message.thread ? { thread: message.thread } : {}),
          }),
        "last route",
      );
      const accepted = { ...entry, ...(journalId !== undefined ? { journalId } : {}) };
      if (deferredMedia || fetching.has(sessionKey)) {
        // Accepted now; dispatched once its files (or an earlier message's) are fetched, in order.
        const next = (fetching.get(sessionKey) ?? Promise.resolve()).then(async () => {
          await dispatchAccepted(accepted).catch((error: unknown) =>
            log("error", "an inbound message with files could not be dispatched", {
              sessionKey,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        });
        fetching.set(sessionKey, next);
        inFlight.add(next);
        void next.finally(() => {
          inFlight.delete(next);
          if (fetching.get(sessionKey) === next) fetching.delete(sessionKey);
        });
        return { status: "dispatched", sessionKey, agentId, result: "fetching-media" };
      }
      const result = await dispatchAccepted(accepted);
      return { status: "dispatched", sessionKey, agentId, result: result.status };
    },
    async resume() {
      const rows: JournalRow[] = journal?.pending() ?? [];
      for (const row of rows) await dispatchAccepted({ ...row, journalId: row.id });
      if (rows.length > 0) log("info", "inbound messages resumed after a restart", { count: rows.length });
      return rows.length;
    },
    beginShutdown() {
      shuttingDown = true;
    },
    replyRouteOf: (sessionKey) => sessionRoutes.get(sessionKey),
    async drained() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

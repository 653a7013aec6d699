/** The channel pipeline's public shapes: its options, what `handle` answers, and route explanations. */
import type { DmScope } from "@claw/ids";
import type { AccessSettings } from "../access/access-policy.js";
import type { PairingStore } from "../access/pairing-store.js";
import type { Channel, ChannelInbound, ChannelTarget } from "../contract/channel.js";
import type { InboundDispatcher } from "../inbound/dispatcher.js";
import type { InboundJournal } from "../inbound/inbound-journal.js";
import type { InboundDispatcherOptions, InboundRun, InboundRuntime } from "../inbound/types.js";
import type { DeliverFn } from "../outbox/channel-outbox.js";
import type { RouteBinding, RouteDecision, RouteInput } from "../routing/resolve-route.js";
import type { DmScopeDecision, OwnerList, SenderOwnership } from "../routing/sender-owner.js";
import type { AccountStateStore } from "../state/account-state.js";
import type { LastRouteStore } from "../state/last-route.js";
import type { ThreadBindingStore } from "../threads/thread-bindings.js";
import type { FetchInboundMedia } from "./deferred-media.js";
import type { ReplyStreaming } from "./stream-run.js";

export interface RoutingSettings {
  bindings?: readonly RouteBinding[];
  defaultAgentId: string;
  /** `session.dmScope` as configured; unset: owners' DMs use main, everyone else's their own session. */
  dmScope?: DmScope;
  /** The agent's owners (`identity.ownerNumbers`); omit: nobody on a channel is the owner. */
  owners?: (agentId: string) => OwnerList | undefined;
  mainKey?: string;
  identityLinks?: Readonly<Record<string, readonly string[]>>;
}

export interface ChannelPipelineOptions<TRun extends InboundRun> {
  runtime: InboundRuntime<TRun>;
  dispatcher?: Omit<InboundDispatcherOptions<TRun>, "onRun">;
  routing: RoutingSettings | (() => RoutingSettings);
  access(channel: string, accountId: string): AccessSettings;
  replyToMode?(channel: string, accountId: string): "off" | "first" | "all";
  pairing: PairingStore;
  state: AccountStateStore;
  /** Where each session last talked (for announcements to "last"); recorded per accepted message. */
  lastRoutes?: LastRouteStore;
  /** Durable inbound: accepted messages survive a crash and are resumed by `resume()`. */
  journal?: InboundJournal;
  /** Downloads files a channel deferred (`MediaRef.remote`) after the message was journalled. */
  fetchMedia?: FetchInboundMedia;
  /** Threads bound to a session (subagents spawned with `thread: true`); `/unfocus` ends one. */
  threadBindings?: ThreadBindingStore;
  deliver: DeliverFn;
  typing?(channel: string, accountId: string, target: ChannelTarget): Promise<void>;
  /** Streamed replies: a draft message edited while the run writes (per account `streamMode`). */
  streaming?: ReplyStreaming<TRun>;
  /** How often typing is re-sent while a run works (Telegram's indicator lasts 5 s). */
  typingIntervalMs?: number;
  pairingText?(code: string, channel: string): string;
  log?(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
}

export type InboundOutcome =
  | { status: "duplicate" }
  | { status: "denied"; reason: string }
  | { status: "pairing"; code?: string; notified: boolean }
  | { status: "unfocused"; ended: boolean }
  | { status: "dispatched"; sessionKey: string; agentId: string; result: string };

export interface ChannelPipeline<TRun extends InboundRun> {
  /**
   * Walks one inbound message; resolves once it is accepted (committed) or refused. Rejects with
   * `InboundNotStoredError` when state.db refused the accept: the platform must deliver it again.
   */
  handle(channel: Pick<Channel, "id" | "accountId">, message: ChannelInbound): Promise<InboundOutcome>;
  /** Where a chat goes; with `senderId` (for DMs the peer by default) also who the sender is. */
  explain(input: ExplainInput): RouteExplanation;
  dispatcher: InboundDispatcher<TRun>;
  /** Resolves when every reply started by the pipeline has been handed to the outbox. */
  drained(): Promise<void>;
  /** The chat the session's latest inbound message came from (where its replies go). */
  replyRouteOf(sessionKey: string): ReplyRoute | undefined;
  /**
   * Dispatches the journal's pending messages (accepted before a crash or a shutdown) again, in
   * order. Call once at start, after the outbox started and before channels receive.
   */
  resume(): Promise<number>;
  /** From now on, runs ending (aborted by a shutdown) leave their messages pending for `resume`. */
  beginShutdown(): void;
}

export type ExplainInput = RouteInput & { thread?: ChannelInbound["thread"]; senderId?: string };

export type RouteExplanation = RouteDecision & {
  sessionKey: string;
  /** Whether the sender is an owner, and which entry said so (absent: no sender known). */
  owner?: SenderOwnership;
  /** The DM scope that built a direct message's session key, and why. */
  dmScope?: DmScopeDecision;
};

export interface ReplyRoute {
  channel: string;
  accountId: string;
  target: ChannelTarget;
  /** The sender of the session's latest message (`replyRouteOf` only): who asks for approvals. */
  requester?: { id: string; isOwner?: boolean };
}

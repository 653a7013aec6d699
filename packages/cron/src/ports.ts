/**
 * What the scheduler needs from the rest of the house, injected at assembly: it never imports
 * the agent runtime or the channels. Each port is a plain function.
 */

/** Where a result is announced: a channel (or "last", the last one the user wrote from) and a peer. */
export interface DeliveryTarget {
  channel: string;
  to?: string;
  threadId?: string | number;
  accountId?: string;
  /** With `channel: "last"`: the session whose last chat is meant. */
  sessionKey?: string;
}

/** How a delivery that was still pending ended: the platform accepted it, or refused it for good. */
export type DeliverySettled = { status: "delivered" } | { status: "failed"; error: string };

/** The platform has not accepted the message yet: the channel outbox is still retrying it. */
export interface DeliveryPending {
  status: "pending";
  /** Why it is not delivered yet (the last transient error). */
  reason: string;
  /** Settles once the outbox delivered it or gave up; the run record is updated then. */
  settled?: Promise<DeliverySettled>;
}

/**
 * Sends text to a channel target. Resolves (with nothing) once the platform accepted it, or with
 * `DeliveryPending` while the channel outbox still retries a transient failure; rejects with an
 * error saying why it could not be delivered (refused for good, e.g. "chat not found").
 */
// biome-ignore lint/suspicious/noConfusingVoidType: resolving with nothing means delivered, so existing `Promise<void>` ports stay valid
export type DeliverFn = (target: DeliveryTarget, text: string) => Promise<void | DeliveryPending>;

export interface AgentTurnRequest {
  agentId?: string;
  sessionKey: string;
  message: string;
  model?: string;
  thinking?: string;
  timeoutSeconds?: number;
  /**
   * A light context keeps the run cheap: the system prompt carries only HEARTBEAT.md (a
   * heartbeat) or no workspace file (a cron run), as OpenClaw's `lightContext` does.
   */
  lightContext?: boolean;
  /** Who asks: the heartbeat or a cron job (what a light context keeps depends on it). */
  runKind?: "heartbeat" | "cron";
  /** Tools this run may call (a tool policy allow list); undefined = the agent's own policy. */
  toolsAllow?: string[];
  /** Aborted when the job times out or the service stops. */
  signal: AbortSignal;
}

export interface AgentTurnOutcome {
  status: "ok" | "error" | "aborted" | "timeout";
  /** The final reply text. */
  text: string;
  error?: string;
  runId?: string;
}

/** Runs one agent turn to its end. Must not throw: failures come back as a status. */
export type RunAgentTurn = (request: AgentTurnRequest) => Promise<AgentTurnOutcome>;

export interface CronPorts {
  runAgentTurn: RunAgentTurn;
  /** Queues a system event for the session's next prompt (or next heartbeat). */
  enqueueSystemEvent(input: { agentId?: string; sessionKey: string; text: string }): void;
  /**
   * Asks for a heartbeat now (`wakeMode: "now"`) in `sessionKey`, the session the event was
   * queued for (the agent's heartbeat session when it is its main session).
   */
  requestHeartbeat(input: { agentId?: string; sessionKey: string; reason: string }): void;
  /** The agent's main session key (`agent:<id>:main`). */
  mainSessionKey(agentId?: string): string;
  /** Announce delivery; without it an `announce` job records "not-delivered" with the reason. */
  deliver?: DeliverFn;
  /** Why a reply must not be delivered (NO_REPLY and friends), or undefined. */
  suppressionReason?(text: string): string | undefined;
}

/**
 * What one run does: queue a system event (and maybe wake the heartbeat), or run an agent turn
 * and announce its reply. Returns how it went; never throws.
 */
import type { CronPorts, DeliverySettled } from "../ports.js";
import type { CronJob, DeliveryStatus } from "../schema/job.js";
import { jobSessionKey } from "./job-rules.js";

export interface PayloadOutcome {
  status: "ok" | "error" | "timeout";
  error?: string;
  summary?: string;
  sessionKey?: string;
  deliveryStatus: DeliveryStatus;
  deliveryError?: string;
  /** A delivery still retried by the outbox (`deliveryStatus: "unknown"`): how it ends. */
  lateDelivery?: Promise<DeliverySettled>;
}

const SUMMARY_CHARS = 500;
const clip = (text: string) => (text.length > SUMMARY_CHARS ? `${text.slice(0, SUMMARY_CHARS - 1)}…` : text);
/** The message of anything thrown. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Whose last chat `channel: "last"` means: the run's own session, or for an isolated run (which
 * has no chat) the session the job was made from, else the agent's main session.
 */
function lastChatSession(job: CronJob, runSessionKey: string, ports: CronPorts): string {
  if (job.sessionTarget !== "isolated") return runSessionKey;
  return job.sessionKey ?? ports.mainSessionKey(job.agentId);
}

export async function executePayload(
  job: CronJob,
  ports: CronPorts,
  signal: AbortSignal,
): Promise<PayloadOutcome> {
  const sessionKey = jobSessionKey(job, (agentId) => ports.mainSessionKey(agentId));
  const payload = job.payload;
  if (payload.kind === "systemEvent") {
    try {
      ports.enqueueSystemEvent({
        ...(job.agentId ? { agentId: job.agentId } : {}),
        sessionKey,
        text: payload.text,
      });
      if (job.wakeMode === "now")
        ports.requestHeartbeat({
          ...(job.agentId ? { agentId: job.agentId } : {}),
          sessionKey,
          reason: `cron:${job.id}`,
        });
    } catch (error) {
      return {
        status: "error",
        error: `system event not queued: ${errorMessage(error)}`,
        sessionKey,
        deliveryStatus: "not-requested",
      };
    }
    const when = job.wakeMode === "now" ? "heartbeat woken" : "for the next heartbeat";
    return {
      status: "ok",
      summary: `system event queued ${when}`,
      sessionKey,
      deliveryStatus: "not-requested",
    };
  }

  const turn = await ports
    .runAgentTurn({
      sessionKey,
      message: payload.message,
      signal,
      runKind: "cron",
      ...(job.agentId ? { agentId: job.agentId } : {}),
      ...(payload.model ? { model: payload.model } : {}),
      ...(payload.thinking ? { thinking: payload.thinking } : {}),
      ...(payload.timeoutSeconds ? { timeoutSeconds: payload.timeoutSeconds } : {}),
      ...(payload.lightContext !== undefined ? { lightContext: payload.lightContext } : {}),
      ...(payload.toolsAllow ? { toolsAllow: payload.toolsAllow } : {}),
    })
    .catch((error: unknown) => ({ status: "error" as const, text: "", error: errorMessage(error) }));
  if (turn.status !== "ok") {
    const status = turn.status === "timeout" ? "timeout" : "error";
    const error =
      turn.error ?? (turn.status === "aborted" ? "the run was aborted" : `the run ended ${turn.status}`);
    return {
      status,
      error,
      sessionKey,
      deliveryStatus: job.delivery?.mode === "announce" ? "not-delivered" : "not-requested",
    };
  }
  const summary = clip(turn.text.trim());
  if (job.delivery?.mode !== "announce")
    return { status: "ok", summary, sessionKey, deliveryStatus: "not-requested" };

  const suppressed = ports.suppressionReason?.(turn.text) ?? (turn.text.trim() === "" ? "empty" : undefined);
  if (suppressed)
    return {
      status: "ok",
      summary: summary || `(${suppressed})`,
      sessionKey,
      deliveryStatus: "not-delivered",
      deliveryError: `suppressed: ${suppressed}`,
    };
  const failed = (deliveryError: string): PayloadOutcome =>
    job.delivery?.bestEffort
      ? { status: "ok", summary, sessionKey, deliveryStatus: "not-delivered", deliveryError }
      : {
          status: "error",
          error: `delivery failed: ${deliveryError}`,
          summary,
          sessionKey,
          deliveryStatus: "not-delivered",
          deliveryError,
        };
  if (!ports.deliver) return failed("this gateway has no channel delivery configured");
  const { channel, to, threadId, accountId } = job.delivery;
  const last = (channel ?? "last") === "last";
  let pending: Awaited<ReturnType<typeof ports.deliver>>;
  try {
    pending = await ports.deliver(
      {
        channel: channel ?? "last",
        ...(last ? { sessionKey: lastChatSession(job, sessionKey, ports) } : {}),
        ...(to ? { to } : {}),
        ...(threadId !== undefined ? { threadId } : {}),
        ...(accountId ? { accountId } : {}),
      },
      turn.text.trim(),
    );
  } catch (error) {
    return failed(errorMessage(error));
  }
  if (pending?.status === "pending")
    return {
      status: "ok",
      summary,
      sessionKey,
      deliveryStatus: "unknown",
      deliveryError: `pending: ${pending.reason}`,
      ...(pending.settled ? { lateDelivery: pending.settled } : {}),
    };
  return { status: "ok", summary, sessionKey, deliveryStatus: "delivered" };
}

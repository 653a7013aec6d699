/**
 * One heartbeat in one session: the checks that cost nothing (active hours, an empty
 * HEARTBEAT.md with nothing queued), then a light agent turn, then the ack rule and delivery.
 * Never throws: every way it ends is a `BeatResult`.
 */
import type { DeliverFn, DeliveryTarget, RunAgentTurn } from "../ports.js";
import { type ActiveHours, isWithinActiveHours } from "./active-hours.js";
import { isHeartbeatFileEmpty } from "./heartbeat-file.js";

export const DEFAULT_HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md and check whether anything needs attention now. If nothing does, reply HEARTBEAT_OK.";

export interface HeartbeatAgent {
  agentId: string;
  /** 0 disables the periodic beat (wakes still run). */
  everyMs: number;
  /** The configured interval as written ("30m"), for status. */
  every: string;
  sessionKey: string;
  prompt?: string;
  ackMaxChars: number;
  activeHours?: ActiveHours;
  model?: string;
  lightContext?: boolean;
  /**
   * True when the runtime's system prompt already carries HEARTBEAT.md (its workspace context,
   * light or full): the beat's message then only points at it instead of repeating the file.
   */
  heartbeatFileInContext?: boolean;
  /**
   * Where a non-ack reply goes; undefined keeps it in the session only. `channel: "last"` is the
   * chat the beat's session last talked on; a beat in another session (a wake for that session)
   * always answers on that session's last chat when a target is set.
   */
  target?: DeliveryTarget;
  /** The agent's HEARTBEAT.md, or undefined when there is none. */
  readHeartbeatFile(): Promise<string | undefined>;
}

export interface HeartbeatPorts {
  runAgentTurn: RunAgentTurn;
  deliver?: DeliverFn;
  /** Why a heartbeat reply is not delivered (HEARTBEAT_OK ack, NO_REPLY), or undefined. */
  suppressionReason(text: string, options: { heartbeat: true; ackMaxChars: number }): string | undefined;
  /** System events queued for the session (cron `systemEvent` jobs). */
  pendingSystemEvents?(sessionKey: string): number;
  /** The prompt with the session's queued system events prepended (and drained). */
  withSystemEvents?(sessionKey: string, prompt: string): string;
}

export interface BeatResult {
  agentId: string;
  /** The session the beat ran in (the agent's heartbeat session unless a wake named another). */
  sessionKey: string;
  atMs: number;
  reason: string;
  /** ran: a reply was produced (and delivered when there is a target); ack: suppressed; skipped: no model call. */
  outcome: "ran" | "ack" | "skipped" | "error";
  skipReason?: "outside-active-hours" | "empty-heartbeat-file" | "heartbeats-disabled";
  delivered: boolean;
  /** The reply (clipped), when there was one. */
  preview?: string;
  /** Where the reply went, when it was delivered. */
  target?: DeliveryTarget;
  durationMs?: number;
  error?: string;
}

const PREVIEW_CHARS = 200;

/** Where a beat in `sessionKey` delivers, or undefined to keep the reply in the session. */
export function beatTarget(agent: HeartbeatAgent, sessionKey: string): DeliveryTarget | undefined {
  if (!agent.target) return undefined;
  if (sessionKey !== agent.sessionKey) return { channel: "last", sessionKey };
  return agent.target.channel === "last" ? { ...agent.target, sessionKey } : agent.target;
}

export async function runHeartbeatTurn(params: {
  agent: HeartbeatAgent;
  sessionKey: string;
  reason: string;
  ports: HeartbeatPorts;
  now: () => number;
  signal: AbortSignal;
}): Promise<BeatResult> {
  const { agent, sessionKey, reason, ports, now } = params;
  const atMs = now();
  const base = { agentId: agent.agentId, sessionKey, atMs, reason, delivered: false };
  const ended = (result: Omit<BeatResult, keyof typeof base>): BeatResult => ({
    ...base,
    ...result,
    durationMs: Math.max(0, now() - atMs),
  });
  if (!isWithinActiveHours(atMs, agent.activeHours))
    return { ...base, outcome: "skipped", skipReason: "outside-active-hours" };
  let file: string | undefined;
  try {
    file = await agent.readHeartbeatFile();
  } catch (error) {
    return ended({ outcome: "error", error: `HEARTBEAT.md unreadable: ${String(error)}` });
  }
  const events = ports.pendingSystemEvents?.(sessionKey) ?? 0;
  const empty = isHeartbeatFileEmpty(file);
  if (empty && events === 0) return { ...base, outcome: "skipped", skipReason: "empty-heartbeat-file" };
  const prompt = [
    agent.prompt ?? DEFAULT_HEARTBEAT_PROMPT,
    empty || agent.heartbeatFileInContext ? "" : `HEARTBEAT.md:\n${file?.trim()}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const turn = await ports.runAgentTurn({
    agentId: agent.agentId,
    sessionKey,
    message: ports.withSystemEvents ? ports.withSystemEvents(sessionKey, prompt) : prompt,
    signal: params.signal,
    lightContext: agent.lightContext ?? true,
    runKind: "heartbeat",
    ...(agent.model ? { model: agent.model } : {}),
  });
  if (turn.status !== "ok")
    return ended({ outcome: "error", error: turn.error ?? `the heartbeat run ended ${turn.status}` });
  const text = turn.text.trim();
  const preview = text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
  if (ports.suppressionReason(turn.text, { heartbeat: true, ackMaxChars: agent.ackMaxChars }))
    return ended({ outcome: "ack", preview });
  const target = beatTarget(agent, sessionKey);
  if (!target) return ended({ outcome: "ran", preview });
  if (!ports.deliver)
    return ended({
      outcome: "error",
      preview,
      error: "no channel delivery is configured for the heartbeat target",
    });
  try {
    await ports.deliver(target, text);
    return { ...ended({ outcome: "ran", preview, target }), delivered: true };
  } catch (error) {
    return ended({
      outcome: "error",
      preview,
      error: `delivery failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

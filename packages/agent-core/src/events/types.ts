/**
 * Events of a run: the discriminated union defined once in @claw/protocol (it is the `agent`
 * event on the wire), plus the session key the run belongs to. Switch on `stream`, then on
 * `data.phase` (lifecycle, tool, compaction) or `data.kind` (assistant).
 */
import type { AgentEventData, AgentEventStream, AgentEvent as WireAgentEvent } from "@claw/protocol";

export type { AgentEventData, AgentEventStream };

/** One event of a run: `{runId, seq, stream, ts, data, sessionKey?}`. */
export type AgentEvent = WireAgentEvent & { sessionKey?: string };

/** One stream's events: `AgentEventOf<"tool">`. */
export type AgentEventOf<S extends AgentEventStream> = Extract<AgentEvent, { stream: S }>;

export type AgentEventListener = (event: AgentEvent) => void;

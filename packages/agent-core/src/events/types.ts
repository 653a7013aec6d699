/** Events of a run, in the shape the gateway forwards as `agent` events. */
export type AgentEventStream = "lifecycle" | "assistant" | "tool" | "compaction" | "error";

export interface AgentEvent<TData = Record<string, unknown>> {
  runId: string;
  /** Increases by one per event within a run, starting at 1. */
  seq: number;
  stream: AgentEventStream;
  ts: number;
  sessionKey?: string;
  data: TData;
}

export type AgentEventListener = (event: AgentEvent) => void;

/** The message that carries a child's result into its parent's session. */
import type { SubagentRun } from "./outbox.js";

/** Every announce starts with this marker; finding it in the parent transcript proves delivery. */
export function announceMarker(runId: string): string {
  return `[subagent result ${runId}]`;
}

export const ANNOUNCE_SKIP = "ANNOUNCE_SKIP";

/**
 * Status / Result / Notes, then a stats line. Status comes from the runtime outcome, never the
 * model's text.
 *
 * @example
 * formatAnnounce(run); // "[subagent result 9f…] research-a\nStatus: ok\nResult:\n…"
 */
export function formatAnnounce(run: SubagentRun): string {
  const title = run.label ?? oneLine(run.task, 80);
  const seconds = run.endedAt !== undefined ? ((run.endedAt - run.createdAt) / 1000).toFixed(1) : "?";
  return [
    `${announceMarker(run.runId)} ${title}`,
    `Status: ${run.status}`,
    "Result:",
    run.result?.trim() || "(no output)",
    `Notes: ${run.error ?? "none"}`,
    `Stats: runtime ${seconds}s · tokens ${run.inputTokens ?? 0} in / ${run.outputTokens ?? 0} out · session ${run.childSessionKey}`,
  ].join("\n");
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

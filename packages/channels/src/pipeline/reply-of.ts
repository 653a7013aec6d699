/** What a finished run says to the chat: its text when it ended ok, a short notice when it failed. */
export function replyOfRunResult(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const r = result as { status?: unknown; text?: unknown; error?: { message?: unknown } };
  if (r.status === "ok" || r.status === undefined) return typeof r.text === "string" ? r.text : undefined;
  if (r.status === "aborted") return undefined;
  const why = typeof r.error?.message === "string" ? r.error.message : String(r.status);
  return `⚠️ Sorry, that failed: ${why}`;
}

/** The text the agent sees for an inbound message: its words plus a line per media file. */
export function inboundText(message: {
  text: string;
  media?: readonly { kind: string; path?: string; skipped?: string }[];
}): string {
  const lines = (message.media ?? []).map((m) =>
    m.path ? `[${m.kind} attached: ${m.path}]` : `[${m.kind} not downloaded: ${m.skipped ?? "unavailable"}]`,
  );
  return [message.text, ...lines].filter((line) => line.trim() !== "").join("\n");
}

/** Handlers that act on the session as a whole: /new, /reset, /stop, /status, /compact, /context. */
import type { Message } from "@claw/providers";
import { matchModel } from "./model-match.js";
import { modelChoices } from "./setting-commands.js";
import type { CommandContext, CommandHandler, CommandReply } from "./types.js";

/** The turn run after a bare `/new` or `/reset`, so the user sees the reset happened. */
export const GREETING_PROMPT =
  "A new session was just started. Greet the user in one short sentence and ask what they need.";

export const resetSession =
  (command: "new" | "reset"): CommandHandler =>
  async ({ runtime, sessionKey, args, options }) => {
    const agent = runtime.resolveAgent(undefined, sessionKey);
    let rest = args;
    let model: string | undefined;
    if (command === "new" && rest) {
      const [first = "", ...others] = rest.split(/\s+/);
      const match = matchModel(first, modelChoices(runtime, options));
      if ("ref" in match) {
        model = match.ref;
        rest = others.join(" ");
      }
    }
    // A run still going on the old session must end (and finish writing) before the reset.
    runtime.abort({ sessionKey }, `session ${command === "new" ? "replaced by /new" : "reset"}`);
    await runtime.idle(sessionKey);
    const before = await runtime.sessions.get(sessionKey);
    const entry = before
      ? await runtime.sessions.reset(sessionKey)
      : await runtime.sessions.resolve(sessionKey, { agentId: agent.id });
    if (model && entry) await runtime.sessions.patch(sessionKey, { modelOverride: model });
    const text = `🆕 New session started${model ? ` with ${model}` : ""} (id ${entry?.sessionId ?? "?"}).`;
    return { command, text, passThrough: rest || GREETING_PROMPT };
  };

export const stopSession: CommandHandler = async ({ runtime, sessionKey, options }) => {
  const runs = runtime.abort({ sessionKey }, "stopped by /stop");
  const queued = options.clearQueued?.(sessionKey) ?? 0;
  const children = options.stopChildren?.(sessionKey) ?? 0;
  const parts = [
    runs > 0 ? plural(runs, "run") : "",
    queued > 0 ? `${plural(queued, "queued message")} cleared` : "",
    children > 0 ? `${plural(children, "subagent")} stopped` : "",
  ].filter(Boolean);
  const text = parts.length
    ? `⏹ Stopped: ${parts.join(", ")}.`
    : "Nothing to stop: no run, queue or subagent is active.";
  return { command: "stop", text };
};

export const showStatus: CommandHandler = async ({ runtime, sessionKey, options }) => {
  const agent = runtime.resolveAgent(undefined, sessionKey);
  const entry = await runtime.sessions.get(sessionKey);
  const now = options.now?.() ?? Date.now();
  const runs = runtime.activeRuns().filter((r) => r.sessionKey === sessionKey);
  const queueOverride = entry?.flags?.queue;
  const sendPolicy = entry?.flags?.sendPolicy;
  const lines = [
    `🦞 Session ${sessionKey}`,
    entry
      ? `Session id: ${entry.sessionId} · updated ${ago(now - entry.updatedAt)}`
      : "Session id: none yet (created on the next message)",
    `Agent: ${agent.id} · Model: ${entry?.modelOverride ?? agent.model.primary}${entry?.modelOverride ? " (session override)" : ""}`,
    `Thinking: ${entry?.thinkingOverride ?? agent.thinking ?? "off"}`,
    `Tokens: ${entry?.inputTokens ?? 0} in / ${entry?.outputTokens ?? 0} out · context ${entry?.contextTokens ?? 0}`,
    `🧹 Compactions: ${entry?.compactionCount ?? 0}`,
    ...(options.queue
      ? [`Queue: ${options.queue.describe(isRecord(queueOverride) ? queueOverride : undefined)}`]
      : []),
    `Send policy: ${sendPolicy === "allow" ? "on" : sendPolicy === "deny" ? "off" : "inherit"}`,
    `Run: ${runs.some((r) => r.started) ? "active" : "idle"}${runs.filter((r) => !r.started).length ? ` · ${runs.filter((r) => !r.started).length} waiting` : ""}${options.queuedCount?.(sessionKey) ? ` · ${options.queuedCount(sessionKey)} queued message(s)` : ""}`,
  ];
  return { command: "status", text: lines.join("\n") };
};

export const compactSession: CommandHandler = async ({ sessionKey, args, options }) => {
  if (!options.compact)
    return {
      command: "compact",
      text: "Compaction is not available: this runtime has no compaction configured.",
      error: true,
    };
  return { command: "compact", text: await options.compact(sessionKey, args || undefined) };
};

export const showContext: CommandHandler = async ({ runtime, sessionKey, args, options }) => {
  const mode = args.toLowerCase() === "detail" ? "detail" : "list";
  if (options.contextReport)
    return { command: "context", text: await options.contextReport(sessionKey, mode) };
  const entry = await runtime.sessions.get(sessionKey);
  if (!entry) return { command: "context", text: "🧠 Context: empty (no session yet)." };
  const messages = await runtime.sessions.loadMessages(entry);
  const chars = messages.reduce((sum, m) => sum + charsOf(m), 0);
  const byRole = new Map<string, number>();
  for (const m of messages) byRole.set(m.role, (byRole.get(m.role) ?? 0) + 1);
  const lines = [
    "🧠 Context breakdown (history estimate)",
    `Messages: ${messages.length} (${[...byRole].map(([r, n]) => `${r} ${n}`).join(", ") || "none"})`,
    `History: ${chars.toLocaleString("en-US")} chars (~${Math.round(chars / 4).toLocaleString("en-US")} tok)`,
    `Session tokens (cached): ${(entry.contextTokens ?? 0).toLocaleString("en-US")}`,
    `Compactions: ${entry.compactionCount ?? 0}`,
    ...(runtime.resolveAgent(entry.agentId, sessionKey).compaction?.describe?.(entry) ?? []),
  ];
  return { command: "context", text: lines.join("\n") } satisfies CommandReply;
};

function charsOf(message: Message): number {
  if (typeof message.content === "string") return message.content.length;
  return message.content.reduce((sum, block) => sum + JSON.stringify(block).length, 0);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function ago(ms: number): string {
  if (ms < 60_000) return "just now";
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min ago`;
  return `${Math.round(ms / 3_600_000)} h ago`;
}

export type { CommandContext };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

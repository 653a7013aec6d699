/** Shared by the session tools: which session a `sessionKey` argument names, and JSON results. */
import { buildMainSessionKey } from "@claw/ids";
import type { AgentRuntime } from "../runtime/create-runtime.js";
import type { SessionEntry } from "../sessions/session-store.js";
import { type AgentToolResult, errorResult, textResult } from "../tools/types.js";

/** Keys that exist internally but are never shown to or addressed by a model. */
export const RESERVED_SESSION_KEYS = new Set(["global", "unknown"]);

/**
 * Resolves a key, the literal "main" (the caller's main session) or a session id.
 *
 * @example
 * await resolveSessionTarget(runtime, "main", "agent:main:telegram:dm:1"); // → entry of "agent:main:main"
 */
export async function resolveSessionTarget(
  runtime: AgentRuntime,
  target: string,
  callerSessionKey: string | undefined,
): Promise<SessionEntry> {
  const wanted = target.trim();
  if (RESERVED_SESSION_KEYS.has(wanted)) throw new Error(`"${wanted}" is a reserved session key.`);
  const key =
    wanted === "main"
      ? buildMainSessionKey(runtime.resolveAgent(undefined, callerSessionKey).id, runtime.mainKey)
      : wanted;
  const byKey = await runtime.sessions.get(key);
  if (byKey) return byKey;
  const byId = (await runtime.sessions.list()).find((e) => e.sessionId === wanted);
  if (byId) return byId;
  throw new Error(
    `Unknown session "${wanted}": not a session key or session id. Use sessions_list to find one.`,
  );
}

export function jsonResult(value: object): AgentToolResult {
  return textResult(JSON.stringify(value, null, 2), value);
}

/** Runs a tool body, turning a thrown error into an error result the model can act on. */
export async function guarded(body: () => Promise<AgentToolResult>): Promise<AgentToolResult> {
  try {
    return await body();
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error));
  }
}

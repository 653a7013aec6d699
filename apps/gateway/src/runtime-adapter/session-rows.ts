/** Session index entries and transcript messages in the gateway's wire shapes. */
import type { SessionEntry } from "@claw/agent-core";
import { parseAgentSessionKey, parseSessionKey } from "@claw/ids";
import type { ChatMessage, SessionRow } from "@claw/protocol";
import type { Message } from "@claw/providers";

export function sessionKind(key: string): SessionRow["kind"] {
  const parsed = parseSessionKey(key);
  if (parsed?.kind === "group" || parsed?.kind === "channel") return "group";
  if (key === "global" || key.endsWith(":global")) return "global";
  if (parseAgentSessionKey(key)) return "direct";
  return "unknown";
}

/** A session row; `agentModel` is the model the session runs on when it has no `/model` override. */
export function toSessionRow(
  entry: SessionEntry,
  agentModel?: (agentId: string) => string | undefined,
): SessionRow {
  const model = entry.modelOverride ?? agentModel?.(entry.agentId);
  const row: SessionRow = {
    key: entry.sessionKey,
    kind: sessionKind(entry.sessionKey),
    sessionId: entry.sessionId,
    agentId: entry.agentId,
    ...(typeof entry.flags?.label === "string" ? { label: entry.flags.label } : {}),
    ...(model ? { model } : {}),
    ...(entry.origin?.channel ? { channel: entry.origin.channel } : {}),
    updatedAt: entry.updatedAt,
    ...(entry.costUsd !== undefined ? { estimatedCostUsd: entry.costUsd } : {}),
    ...(entry.lastModel ? { lastModel: entry.lastModel } : {}),
  };
  // SessionRow allows extra fields; these are what `claw sessions` and the TUI footer show.
  return Object.assign(row, {
    thinkingLevel: entry.thinkingOverride,
    inputTokens: entry.inputTokens ?? 0,
    outputTokens: entry.outputTokens ?? 0,
    contextTokens: entry.contextTokens ?? 0,
    compactionCount: entry.compactionCount ?? 0,
  });
}

export function toChatMessage(message: Message): ChatMessage {
  if (message.role === "assistant") {
    return {
      role: "assistant",
      content: message.content.map((c) =>
        c.type === "toolCall" ? { type: "toolCall", id: c.id, name: c.name, arguments: c.arguments } : c,
      ),
      timestamp: message.timestamp,
    };
  }
  if (message.role === "toolResult") {
    return {
      role: "toolResult",
      content: {
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        isError: message.isError,
        content: message.content,
      },
      timestamp: message.timestamp,
    };
  }
  return { role: "user", content: message.content, timestamp: message.timestamp };
}

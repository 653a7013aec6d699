/**
 * OpenClaw (pi) transcript lines → Claw transcript entries. Messages keep their ids, roles,
 * content blocks (text, thinking, tool calls, images), usage and timestamps; compactions keep
 * their summary and first kept entry; model and thinking changes carry over. OpenClaw's internal
 * bookkeeping lines (`custom`, `label`, `session_info`, …) are not conversation and are counted,
 * not copied. Entries are re-linked into one chain, since Claw transcripts are linear.
 */
import type { ImportedSession, SessionEntry, TranscriptEntry } from "@claw/agent-core";
import type {
  AssistantMessage,
  ImageContent,
  Message,
  TextContent,
  ThinkingContent,
  ToolCall,
  ToolResultMessage,
  Usage,
  UserMessage,
} from "@claw/providers";
import { isRecord, type OpenClawSession } from "../source/types.js";

export interface ConvertedSession {
  session: ImportedSession;
  /** Line kinds left out, with counts (e.g. `custom: 12`). */
  skipped: Record<string, number>;
}

const STOP_REASONS = new Set(["stop", "length", "toolUse", "error", "aborted"]);
const THINKING = new Set(["off", "minimal", "low", "medium", "high", "xhigh"]);

function toMillis(value: unknown, fallback: number): number {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string") {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function toUsage(value: unknown): Usage {
  const u = isRecord(value) ? value : {};
  const cost = isRecord(u.cost) ? u.cost : {};
  return {
    input: num(u.input),
    output: num(u.output),
    cacheRead: num(u.cacheRead),
    cacheWrite: num(u.cacheWrite),
    totalTokens: num(u.totalTokens),
    cost: {
      input: num(cost.input),
      output: num(cost.output),
      cacheRead: num(cost.cacheRead),
      cacheWrite: num(cost.cacheWrite),
      total: num(cost.total),
    },
  };
}

/** Content blocks Claw understands; anything else becomes a text note so nothing silently vanishes. */
type Block = TextContent | ImageContent | ThinkingContent | ToolCall;

function toBlocks(content: unknown, allowed: ReadonlySet<string>): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter(isRecord).map((block): Block => {
    if (block.type === "text") return { type: "text", text: String(block.text ?? "") };
    if (block.type === "image" && allowed.has("image") && typeof block.data === "string")
      return { type: "image", data: block.data, mimeType: String(block.mimeType ?? "image/png") };
    if (block.type === "thinking" && allowed.has("thinking"))
      return {
        type: "thinking",
        thinking: String(block.thinking ?? ""),
        ...(typeof block.thinkingSignature === "string"
          ? { thinkingSignature: block.thinkingSignature }
          : {}),
      };
    if (block.type === "toolCall" && allowed.has("toolCall"))
      return {
        type: "toolCall",
        id: String(block.id ?? ""),
        name: String(block.name ?? ""),
        arguments: isRecord(block.arguments) ? block.arguments : {},
      };
    return { type: "text", text: `[${String(block.type)}]` };
  });
}

/** One pi message as a Claw message, or undefined for roles Claw has no place for. */
export function toClawMessage(raw: unknown, at: number): Message | undefined {
  if (!isRecord(raw)) return undefined;
  const timestamp = toMillis(raw.timestamp, at);
  if (raw.role === "user") {
    const content =
      typeof raw.content === "string"
        ? raw.content
        : (toBlocks(raw.content, new Set(["image"])) as Exclude<UserMessage["content"], string>);
    return { role: "user", content, timestamp } as UserMessage;
  }
  if (raw.role === "assistant")
    return {
      role: "assistant",
      content: toBlocks(raw.content, new Set(["thinking", "toolCall"])) as AssistantMessage["content"],
      api: String(raw.api ?? "unknown"),
      provider: String(raw.provider ?? "unknown"),
      model: String(raw.model ?? "unknown"),
      usage: toUsage(raw.usage),
      stopReason: STOP_REASONS.has(String(raw.stopReason)) ? raw.stopReason : "stop",
      ...(typeof raw.responseId === "string" ? { responseId: raw.responseId } : {}),
      timestamp,
    } as AssistantMessage;
  if (raw.role === "toolResult")
    return {
      role: "toolResult",
      toolCallId: String(raw.toolCallId ?? ""),
      toolName: String(raw.toolName ?? "tool"),
      content: toBlocks(raw.content, new Set(["image"])) as ToolResultMessage["content"],
      isError: raw.isError === true,
      timestamp,
    } as ToolResultMessage;
  return undefined;
}

type Body = DistributiveOmit<TranscriptEntry, "id" | "parentId" | "timestamp">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function toBody(event: Record<string, unknown>, at: number): Body | undefined {
  switch (event.type) {
    case "message": {
      const message = toClawMessage(event.message, at);
      return message ? { type: "message", message } : undefined;
    }
    case "model_change": {
      const model =
        typeof event.provider === "string" && typeof event.modelId === "string"
          ? `${event.provider}/${event.modelId}`
          : typeof event.model === "string"
            ? event.model
            : undefined;
      return model ? { type: "model_change", model } : undefined;
    }
    case "thinking_level_change":
      return THINKING.has(String(event.thinkingLevel))
        ? { type: "thinking_change", thinking: String(event.thinkingLevel) }
        : undefined;
    case "compaction":
      return typeof event.summary === "string"
        ? {
            type: "compaction",
            summary: event.summary,
            firstKeptEntryId: typeof event.firstKeptEntryId === "string" ? event.firstKeptEntryId : null,
            ...(typeof event.tokensBefore === "number" ? { tokensBefore: event.tokensBefore } : {}),
          }
        : undefined;
    default:
      return undefined;
  }
}

const optionalNumber = (value: unknown) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined;

/** The Claw index row for an OpenClaw session-store entry. */
function toSessionEntry(source: OpenClawSession, createdAt: number, updatedAt: number): SessionEntry {
  const meta = source.meta;
  const origin = isRecord(meta.origin) ? meta.origin : {};
  const channel = meta.lastChannel ?? meta.channel ?? origin.provider ?? origin.channel;
  const peer = meta.lastTo ?? origin.to ?? origin.from;
  const accountId = meta.lastAccountId ?? origin.accountId;
  const model =
    typeof meta.modelOverride === "string"
      ? typeof meta.providerOverride === "string"
        ? `${meta.providerOverride}/${meta.modelOverride}`
        : meta.modelOverride
      : undefined;
  const entry: SessionEntry = {
    sessionKey: source.sessionKey,
    sessionId: source.sessionId,
    agentId: source.agentId,
    createdAt,
    updatedAt,
  };
  if (model) entry.modelOverride = model;
  if (typeof meta.thinkingLevel === "string" && THINKING.has(meta.thinkingLevel))
    entry.thinkingOverride = meta.thinkingLevel as SessionEntry["thinkingOverride"];
  const counts = {
    inputTokens: optionalNumber(meta.inputTokens),
    outputTokens: optionalNumber(meta.outputTokens),
    contextTokens: optionalNumber(meta.totalTokens),
    compactionCount: optionalNumber(meta.compactionCount),
  };
  for (const [key, value] of Object.entries(counts))
    if (value !== undefined) Object.assign(entry, { [key]: value });
  if (typeof channel === "string")
    entry.origin = {
      channel,
      ...(typeof peer === "string" ? { peer } : {}),
      ...(typeof accountId === "string" ? { accountId } : {}),
    };
  const label = typeof meta.label === "string" ? meta.label : undefined;
  if (label) entry.flags = { label };
  return entry;
}

/**
 * @example
 * const { session, skipped } = convertSession(openClawSession);
 * importSessions({ stateDir, sessions: [session] });
 */
export function convertSession(source: OpenClawSession): ConvertedSession {
  const skipped: Record<string, number> = {};
  const header = source.events.find((e) => isRecord(e) && e.type === "session");
  const headerAt = isRecord(header) ? toMillis(header.timestamp, Number.NaN) : Number.NaN;
  const createdAt = toMillis(source.meta.createdAt ?? source.meta.sessionStartedAt, headerAt) || 0;
  const lines = source.events.filter(
    (e): e is Record<string, unknown> => isRecord(e) && e.type !== "session",
  );
  const entries: TranscriptEntry[] = [];
  // Ids of dropped lines point at the next kept entry, so a compaction's first kept entry still resolves.
  const pendingIds: string[] = [];
  const redirect = new Map<string, string>();
  let at = createdAt;
  for (const line of lines) {
    at = toMillis(line.timestamp, at);
    const body = toBody(line, at);
    const id = typeof line.id === "string" && line.id !== "" ? line.id : `imported-${entries.length}`;
    if (!body) {
      const kind = String(line.type ?? "unknown");
      skipped[kind] = (skipped[kind] ?? 0) + 1;
      pendingIds.push(id);
      continue;
    }
    for (const dropped of pendingIds.splice(0)) redirect.set(dropped, id);
    entries.push({ ...body, id, parentId: entries.at(-1)?.id ?? null, timestamp: at } as TranscriptEntry);
  }
  const kept = new Set(entries.map((e) => e.id));
  for (const entry of entries)
    if (entry.type === "compaction" && entry.firstKeptEntryId !== null && !kept.has(entry.firstKeptEntryId))
      entry.firstKeptEntryId = redirect.get(entry.firstKeptEntryId) ?? null;
  const updatedAt = toMillis(source.meta.updatedAt, entries.at(-1)?.timestamp ?? createdAt);
  return {
    session: {
      entry: toSessionEntry(source, createdAt, updatedAt),
      entries,
      ...(isRecord(header) && typeof header.cwd === "string" ? { cwd: header.cwd } : {}),
    },
    skipped,
  };
}

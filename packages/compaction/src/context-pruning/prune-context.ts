import type { Message, ToolResultMessage } from "@claw/providers";
import { CHARS_PER_TOKEN, estimateMessageChars } from "../estimate/text.js";
import {
  type ContextPruningSettings,
  type ContextPruningSettingsInput,
  createToolPrunablePredicate,
  resolveContextPruningSettings,
} from "./settings.js";

export interface ContextPruningOptions {
  contextWindowTokens: number;
  settings?: ContextPruningSettingsInput;
  /** Clock for the TTL check (default `Date.now()`). */
  now?: number;
  /** When the provider's prompt cache was last written; pruning waits `ttlMs` after it. */
  lastCacheTouchAt?: number;
  /** Overrides the allow/deny lists. */
  isToolPrunable?: (toolName: string) => boolean;
}

export type ContextPruningSkip =
  | "off"
  | "cache-warm"
  | "below-ratio"
  | "too-few-assistants"
  | "nothing-prunable";

export interface ContextPruningResult {
  /** The messages to send: the input array when nothing changed, else a copy. Never persisted. */
  messages: Message[];
  changed: boolean;
  skipped?: ContextPruningSkip;
  ratioBefore: number;
  ratioAfter: number;
  softTrimmed: number;
  hardCleared: number;
  charsSaved: number;
}

function resultText(message: ToolResultMessage): string {
  let text = "";
  for (const block of message.content)
    if (block.type === "text") text += text ? `\n${block.text}` : block.text;
  return text;
}

function withText(message: ToolResultMessage, text: string): ToolResultMessage {
  return { ...message, content: [{ type: "text", text }] };
}

/**
 * Head and tail of `text` with a marker naming what was cut.
 *
 * @example
 * softTrimText("x".repeat(15_000), 2000, 2000); // 2000 x, "\n...\n[Tool result trimmed: …]\n...\n", 2000 x
 */
export function softTrimText(text: string, headChars: number, tailChars: number): string {
  const omitted = text.length - headChars - tailChars;
  const marker = `\n...\n[Tool result trimmed: ${omitted} of ${text.length} characters omitted from the middle]\n...\n`;
  return `${text.slice(0, headChars)}${marker}${text.slice(text.length - tailChars)}`;
}

/**
 * Per-request, in-memory pruning of old tool results (cache-ttl mode); the transcript is never
 * rewritten. Soft-trims oversized results above `softTrimRatio`, hard-clears the oldest ones
 * above `hardClearRatio` (hard clear first, then trim), oldest first, re-checking the ratio after each change. Protected:
 * everything before the first user message, results after the last `keepLastAssistants`
 * assistant messages, results with images, and tools the allow/deny lists exclude.
 *
 * @example
 * const { messages } = pruneContextMessages(history, { contextWindowTokens: 200_000,
 *   lastCacheTouchAt: session.lastCacheTouchAt, settings: { softTrimRatio: 0.7 } });
 */
export function pruneContextMessages(
  messages: readonly Message[],
  options: ContextPruningOptions,
): ContextPruningResult {
  const settings: ContextPruningSettings = resolveContextPruningSettings(options.settings);
  const windowChars = Math.max(1, options.contextWindowTokens * CHARS_PER_TOKEN);
  let total = 0;
  for (const message of messages) total += estimateMessageChars(message);
  const ratioBefore = total / windowChars;
  const unchanged = (skipped?: ContextPruningSkip): ContextPruningResult => ({
    messages: messages as Message[],
    changed: false,
    skipped,
    ratioBefore,
    ratioAfter: ratioBefore,
    softTrimmed: 0,
    hardCleared: 0,
    charsSaved: 0,
  });
  if (settings.mode === "off") return unchanged("off");
  const now = options.now ?? Date.now();
  if (options.lastCacheTouchAt !== undefined && now - options.lastCacheTouchAt < settings.ttlMs)
    return unchanged("cache-warm");
  if (ratioBefore < settings.softTrimRatio) return unchanged("below-ratio");

  let cutoff = messages.length;
  for (let seen = 0; seen < settings.keepLastAssistants; ) {
    cutoff--;
    if (cutoff < 0) return unchanged("too-few-assistants");
    if (messages[cutoff]?.role === "assistant") seen++;
  }
  const firstUser = messages.findIndex((m) => m.role === "user");
  const prunableTool = options.isToolPrunable ?? createToolPrunablePredicate(settings.tools);
  const prunable: number[] = [];
  for (let i = firstUser + 1; firstUser >= 0 && i < cutoff; i++) {
    const m = messages[i];
    if (m?.role !== "toolResult" || m.content.some((b) => b.type === "image")) continue;
    if (prunableTool(m.toolName)) prunable.push(i);
  }
  if (prunable.length === 0) return unchanged("nothing-prunable");

  const out = messages.slice();
  let softTrimmed = 0;
  let hardCleared = 0;
  let prunableChars = 0;
  for (const i of prunable) prunableChars += estimateMessageChars(out[i] as Message);
  // Oldest results are cleared first (while above hardClearRatio); newer ones are then trimmed.
  if (settings.hardClear.enabled && prunableChars >= settings.minPrunableToolChars) {
    for (const i of prunable) {
      if (total / windowChars < settings.hardClearRatio) break;
      const m = out[i] as ToolResultMessage;
      if (resultText(m) === settings.hardClear.placeholder) continue;
      const cleared = withText(m, settings.hardClear.placeholder);
      total += estimateMessageChars(cleared) - estimateMessageChars(m);
      out[i] = cleared;
      hardCleared++;
    }
  }
  const { maxChars, headChars, tailChars } = settings.softTrim;
  for (const i of prunable) {
    if (total / windowChars < settings.softTrimRatio) break;
    const m = out[i] as ToolResultMessage;
    const text = resultText(m);
    if (text.length <= maxChars || text.length <= headChars + tailChars) continue;
    const trimmed = withText(m, softTrimText(text, headChars, tailChars));
    total += estimateMessageChars(trimmed) - estimateMessageChars(m);
    out[i] = trimmed;
    softTrimmed++;
  }
  if (softTrimmed + hardCleared === 0) return unchanged("nothing-prunable");
  return {
    messages: out,
    changed: true,
    ratioBefore,
    ratioAfter: total / windowChars,
    softTrimmed,
    hardCleared,
    charsSaved: ratioBefore * windowChars - total,
  };
}

import type { AssistantMessage, Message, ToolResultMessage } from "@claw/providers";

/** Text of the result added for a tool call whose real result is gone. */
export const MISSING_TOOL_RESULT_TEXT =
  "[Tool result unavailable: it was removed from the history (compaction or an interrupted turn).]";

export interface PairingRepairOptions {
  /** Add an error result for calls that have none (default true). */
  synthesizeMissing?: boolean;
  /** Timestamp for synthetic results (default: the calling assistant message's). */
  now?: number;
}

export interface PairingRepair {
  /** The repaired history; the input array itself when nothing needed repair. */
  messages: Message[];
  /** Results dropped because no earlier assistant message made the call. */
  droppedOrphanResults: ToolResultMessage[];
  /** Second and later results for the same call id, dropped. */
  droppedDuplicateResults: ToolResultMessage[];
  /** Error results added for calls whose result was missing. */
  syntheticResults: ToolResultMessage[];
  /** Results moved up to sit right after their assistant message. */
  movedResults: number;
}

function syntheticResult(call: { id: string; name: string }, timestamp: number): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: MISSING_TOOL_RESULT_TEXT }],
    isError: true,
    timestamp,
  };
}

function toolCallsOf(message: AssistantMessage): { id: string; name: string }[] {
  const calls: { id: string; name: string }[] = [];
  for (const block of message.content) if (block.type === "toolCall") calls.push(block);
  return calls;
}

/**
 * The common case, checked without maps: every assistant's calls are answered by the results that
 * immediately follow it, exactly once each, and no result stands elsewhere.
 */
function isWellPaired(messages: readonly Message[], requireAll: boolean): boolean {
  let pending: string[] = [];
  for (const message of messages) {
    if (message.role === "toolResult") {
      const at = pending.indexOf(message.toolCallId);
      if (at < 0) return false;
      pending.splice(at, 1);
      continue;
    }
    if (requireAll && pending.length > 0) return false;
    pending = [];
    if (message.role === "assistant") {
      for (const block of message.content) if (block.type === "toolCall") pending.push(block.id);
    }
  }
  return !requireAll || pending.length === 0;
}

/**
 * Makes every tool call/result pairing valid for any provider: each result directly follows the
 * assistant message that made the call (in its original relative order), results with no earlier
 * call and duplicate results are dropped, and a call without a result gets a synthetic error
 * result. One pass to index, one to emit: O(n).
 *
 * @example
 * const { messages, droppedOrphanResults } = repairToolUseResultPairing(history.slice(cut));
 */
export function repairToolUseResultPairing(
  messages: readonly Message[],
  options: PairingRepairOptions = {},
): PairingRepair {
  if (isWellPaired(messages, options.synthesizeMissing ?? true)) {
    return {
      messages: messages as Message[],
      droppedOrphanResults: [],
      droppedDuplicateResults: [],
      syntheticResults: [],
      movedResults: 0,
    };
  }
  const synthesize = options.synthesizeMissing ?? true;
  // Pair each result with the nearest earlier unanswered call of the same id (ids may be reused
  // across turns by some providers), so the pairing is per assistant message, not per id.
  const open = new Map<string, number>();
  const answered = new Set<string>();
  const ownedResults = new Map<number, number[]>();
  const droppedOrphanResults: ToolResultMessage[] = [];
  const droppedDuplicateResults: ToolResultMessage[] = [];
  const skip = new Uint8Array(messages.length);
  messages.forEach((message, index) => {
    if (message.role === "assistant") {
      for (const block of message.content) if (block.type === "toolCall") open.set(block.id, index);
    } else if (message.role === "toolResult") {
      const owner = open.get(message.toolCallId);
      if (owner !== undefined) {
        open.delete(message.toolCallId);
        answered.add(message.toolCallId);
        const list = ownedResults.get(owner);
        if (list) list.push(index);
        else ownedResults.set(owner, [index]);
        return;
      }
      skip[index] = 1;
      if (answered.has(message.toolCallId)) droppedDuplicateResults.push(message);
      else droppedOrphanResults.push(message);
    }
  });

  const out: Message[] = [];
  const syntheticResults: ToolResultMessage[] = [];
  let movedResults = 0;
  messages.forEach((message, index) => {
    if (skip[index]) return;
    if (message.role === "toolResult") {
      // Emitted with its assistant message; only count it as moved if it was not adjacent.
      return;
    }
    out.push(message);
    if (message.role !== "assistant") return;
    const calls = toolCallsOf(message);
    if (calls.length === 0) return;
    const owned = ownedResults.get(index) ?? [];
    let expected = index + 1;
    const have = new Set<string>();
    for (const at of owned) {
      if (at !== expected) movedResults++;
      expected = at + 1;
      const result = messages[at] as ToolResultMessage;
      have.add(result.toolCallId);
      out.push(result);
    }
    if (!synthesize) return;
    for (const call of calls) {
      if (have.has(call.id)) continue;
      have.add(call.id);
      const result = syntheticResult(call, options.now ?? message.timestamp);
      syntheticResults.push(result);
      out.push(result);
    }
  });

  const changed =
    droppedOrphanResults.length + droppedDuplicateResults.length + syntheticResults.length + movedResults > 0;
  return {
    messages: changed ? out : (messages as Message[]),
    droppedOrphanResults,
    droppedDuplicateResults,
    syntheticResults,
    movedResults,
  };
}

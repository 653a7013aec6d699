/**
 * Plays one scripted reply into a message builder, honouring pacing and the abort signal.
 */
import type { AdapterRun } from "../stream/run-adapter.js";
import type { Context } from "../types.js";
import { blocksOf, chunkText, type FauxCall, type FauxReply, type FauxStep } from "./script.js";

export type { FauxCall, FauxStep } from "./script.js";

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** ~4 characters per token: enough for tests that look at usage and overflow. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function contextText(context: Context): string {
  const parts: string[] = [context.systemPrompt ?? ""];
  for (const m of context.messages) {
    if (typeof m.content === "string") parts.push(m.content);
    else for (const block of m.content) parts.push(JSON.stringify(block));
  }
  return parts.join("\n");
}

export async function playReply(
  run: AdapterRun,
  step: FauxStep | undefined,
  call: FauxCall,
  callNumber: number,
): Promise<void> {
  const { builder, signal } = run;
  if (step === undefined) {
    throw Object.assign(new Error(`faux: script exhausted at call ${callNumber} — add more steps`), {
      code: "faux_script_exhausted",
    });
  }
  const resolved = typeof step === "function" ? step(call) : step;
  const reply: FauxReply = typeof resolved === "string" ? { text: resolved } : resolved;
  if (reply.delayMs) await sleep(reply.delayMs, signal);
  builder.start();
  if (reply.hang) await untilAborted(signal);

  const pace = async () => {
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs, signal);
    else if (signal.aborted) throw signal.reason;
  };
  let output = "";
  let toolIndex = 0;
  for (const [index, block] of blocksOf(reply).entries()) {
    if (block.type === "text") {
      for (const piece of chunkText(block.text, reply.chunkSize)) {
        await pace();
        builder.appendText(piece, index);
      }
      output += block.text;
    } else if (block.type === "thinking") {
      for (const piece of chunkText(block.thinking, reply.chunkSize)) {
        await pace();
        builder.appendThinking(piece, index);
      }
      if (block.signature) builder.setThinkingSignature(block.signature, index);
      output += block.thinking;
    } else {
      toolIndex++;
      const json = JSON.stringify(block.arguments);
      builder.startToolCall(index, {
        id: block.id ?? `faux_call_${callNumber}_${toolIndex}`,
        name: block.name,
      });
      for (const piece of chunkText(json, reply.chunkSize ?? 8)) {
        await pace();
        builder.appendToolArguments(index, piece);
      }
      output += json;
    }
    builder.endBlock(index);
  }
  builder.setUsage(
    reply.usage ?? { input: estimateTokens(contextText(call.context)), output: estimateTokens(output) },
  );
  if (reply.error) {
    const { reason, message, status, code, retryAfterMs, accountWide } = reply.error;
    builder.fail({
      reason,
      message: message ?? `faux: scripted ${reason} error`,
      ...(status !== undefined && { status }),
      ...(code !== undefined && { code }),
      ...(retryAfterMs !== undefined && { retryAfterMs }),
      ...(accountWide && { accountWide }),
    });
    return;
  }
  builder.finish(reply.stopReason ?? (reply.toolCalls?.length || toolIndex > 0 ? "toolUse" : "stop"));
}

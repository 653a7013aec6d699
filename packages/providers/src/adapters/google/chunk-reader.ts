/**
 * Folds `GenerateContentResponse` chunks into the shared message builder. Gemini sends whole
 * parts: text and thought fragments to append, function calls complete with their args, and a
 * `thoughtSignature` on whichever part closes a reasoning step.
 */
import { randomUUID } from "node:crypto";
import type { GenerateContentResponse, GenerateContentResponseUsageMetadata, Part } from "@google/genai";
import type { MessageBuilder } from "../../stream/message-builder.js";
import { GoogleFinishFailure } from "./failure.js";

/** Finish reasons that end a message normally; every other one is a failure for the rule table. */
const FINISH_REASONS: Record<string, "stop" | "length"> = {
  STOP: "stop",
  FINISH_REASON_UNSPECIFIED: "stop",
  MAX_TOKENS: "length",
};

type Kind = "text" | "thinking";

/**
 * Reads one Gemini response stream.
 *
 * @example
 * const reader = new GeminiChunkReader(builder);
 * for await (const chunk of await ai.models.generateContentStream(params)) reader.apply(chunk);
 * reader.finish();
 */
export class GeminiChunkReader {
  private kind: Kind | undefined;
  private key = "";
  private blocks = 0;
  private signed = false;
  private toolCalls = 0;
  private finishReason: string | undefined;
  private finishMessage: string | undefined;
  private blockReason: string | undefined;
  private usage: GenerateContentResponseUsageMetadata | undefined;

  constructor(private readonly builder: MessageBuilder) {}

  apply(chunk: GenerateContentResponse): void {
    this.builder.setResponseId(chunk.responseId);
    if (chunk.usageMetadata) this.usage = chunk.usageMetadata;
    if (chunk.promptFeedback?.blockReason) this.blockReason = chunk.promptFeedback.blockReason;
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) this.applyPart(part);
    if (candidate?.finishReason) this.finishReason = candidate.finishReason;
    if (candidate?.finishMessage) this.finishMessage = candidate.finishMessage;
  }

  /** Ends the message; throws a classified failure for blocked or filtered responses. */
  finish(): void {
    if (this.usage) this.builder.setUsage(usageCounts(this.usage));
    if (this.blockReason) {
      throw new GoogleFinishFailure(this.blockReason, `Gemini blocked the prompt: ${this.blockReason}`);
    }
    if (this.finishReason === undefined) return; // the runner reports the stream as incomplete
    const reason = FINISH_REASONS[this.finishReason];
    if (!reason) {
      const detail = this.finishMessage ? `: ${this.finishMessage}` : "";
      throw new GoogleFinishFailure(this.finishReason, `Gemini stopped with ${this.finishReason}${detail}`);
    }
    this.builder.finish(reason === "stop" && this.toolCalls > 0 ? "toolUse" : reason);
  }

  private applyPart(part: Part): void {
    if (part.functionCall) {
      this.close();
      const call = part.functionCall;
      const name = call.name ?? "";
      this.builder.addToolCall(
        {
          id: call.id ?? `call_${randomUUID().slice(0, 12)}`,
          name,
          arguments: call.args ?? {},
          ...(part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {}),
        },
        `call:${this.toolCalls++}`,
      );
      return;
    }
    if (typeof part.text !== "string") return;
    const signature = part.thoughtSignature;
    if (part.thought) {
      if (this.kind !== "thinking" || (signature && this.signed)) this.open("thinking");
      this.builder.appendThinking(part.text, this.key);
      if (signature) this.signThinking(signature);
      return;
    }
    if (part.text === "" && signature) {
      if (this.kind === "thinking" && !this.signed) this.signThinking(signature);
      else {
        if (this.kind !== "text") this.open("text");
        this.builder.setTextSignature(signature, this.key);
      }
      return;
    }
    if (this.kind !== "text") this.open("text");
    this.builder.appendText(part.text, this.key);
    if (signature) this.builder.setTextSignature(signature, this.key);
  }

  private signThinking(signature: string): void {
    this.builder.setThinkingSignature(signature, this.key);
    this.signed = true;
  }

  private open(kind: Kind): void {
    this.close();
    this.kind = kind;
    this.key = `${kind}:${this.blocks++}`;
    this.signed = false;
  }

  private close(): void {
    if (this.kind) this.builder.endBlock(this.key);
    this.kind = undefined;
  }
}

/** Gemini counts cached tokens inside the prompt and bills thoughts as output. */
function usageCounts(usage: GenerateContentResponseUsageMetadata) {
  const cacheRead = usage.cachedContentTokenCount ?? 0;
  return {
    input: Math.max(0, (usage.promptTokenCount ?? 0) - cacheRead),
    output: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    cacheRead,
  };
}

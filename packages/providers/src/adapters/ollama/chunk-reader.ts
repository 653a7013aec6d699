/**
 * Folds `/api/chat` NDJSON objects into the shared message builder: `message.thinking` and
 * `message.content` deltas, whole tool calls (arguments are objects), and the counters and
 * `done_reason` of the final object.
 */
import { randomUUID } from "node:crypto";
import type { ChatResponse } from "ollama";
import { isContextOverflow } from "../../errors/overflow.js";
import type { MessageBuilder } from "../../stream/message-builder.js";
import { OLLAMA_TRUNCATED_CODE } from "./errors.js";
import { promptClearlyExceedsWindow } from "./truncation.js";

/** A tool call as newer servers send it (with `id` and `function.index`). */
interface WireToolCall {
  id?: string;
  function: { name: string; arguments?: Record<string, unknown> | string };
}

/** Raised when the final counters show the server dropped part of the prompt. */
export class SilentTruncationError extends Error {
  readonly code = OLLAMA_TRUNCATED_CODE;
}

type Kind = "text" | "thinking";

function argumentsOf(call: WireToolCall): Record<string, unknown> {
  const args = call.function.arguments;
  if (typeof args !== "string") return args ?? {};
  try {
    const parsed: unknown = JSON.parse(args);
    return parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Reads one Ollama chat stream.
 *
 * @example
 * const reader = new OllamaChunkReader(builder, { contextWindow: 8192, estimatedPromptTokens: 120 });
 * for await (const chunk of await client.chat(request)) reader.apply(chunk);
 * reader.finish();
 */
export class OllamaChunkReader {
  private kind: Kind | undefined;
  private key = "";
  private blocks = 0;
  private toolCalls = 0;
  private last: ChatResponse | undefined;

  constructor(
    private readonly builder: MessageBuilder,
    private readonly limits: { contextWindow: number; estimatedPromptTokens: number },
  ) {}

  apply(chunk: ChatResponse): void {
    const message = chunk.message;
    if (message?.thinking) this.append("thinking", message.thinking);
    if (message?.content) this.append("text", message.content);
    for (const call of (message?.tool_calls ?? []) as WireToolCall[]) {
      this.close();
      this.builder.addToolCall(
        {
          id: call.id || `call_${randomUUID().slice(0, 12)}`,
          name: call.function.name,
          arguments: argumentsOf(call),
        },
        `call:${this.toolCalls++}`,
      );
    }
    if (chunk.done) this.last = chunk;
  }

  /** Ends the message from the final object; throws when the prompt was silently truncated. */
  finish(): void {
    const final = this.last;
    if (!final) return; // the runner reports the stream as incomplete
    const input = final.prompt_eval_count ?? 0;
    this.builder.setUsage({ input, output: final.eval_count ?? 0 });
    const { contextWindow, estimatedPromptTokens } = this.limits;
    if (
      isContextOverflow(this.builder.message, { contextWindow }) ||
      promptClearlyExceedsWindow(estimatedPromptTokens, contextWindow)
    ) {
      throw new SilentTruncationError(
        `Ollama evaluated ${input} prompt tokens with a ${contextWindow}-token window (about ${estimatedPromptTokens} were sent): the prompt was truncated silently — compact the conversation or raise the model's contextWindow`,
      );
    }
    if (final.done_reason === "length") this.builder.finish("length");
    else this.builder.finish(this.toolCalls > 0 ? "toolUse" : "stop");
  }

  private append(kind: Kind, delta: string): void {
    if (this.kind !== kind) {
      this.close();
      this.kind = kind;
      this.key = `${kind}:${this.blocks++}`;
    }
    if (kind === "text") this.builder.appendText(delta, this.key);
    else this.builder.appendThinking(delta, this.key);
  }

  private close(): void {
    if (this.kind) this.builder.endBlock(this.key);
    this.kind = undefined;
  }
}

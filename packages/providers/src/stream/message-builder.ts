/**
 * Builds one assistant message while an adapter parses a provider stream, and emits the matching
 * events. Adapters address blocks by their own key (Anthropic's content index, an OpenAI
 * tool_calls index, a Responses item id); the builder maps keys to content indexes, opens blocks
 * on first use, and closes whatever is still open when the message finishes.
 */
import type {
  AssistantMessage,
  Model,
  ProviderErrorInfo,
  TextContent,
  ThinkingContent,
  ToolCall,
} from "../types.js";
import type { AssistantEventSink } from "./event-stream.js";
import { parseToolArguments } from "./partial-json.js";
import { calculateUsage, emptyUsage, type TokenCounts } from "./usage.js";

/** How an adapter names a content block: any stable string or number from the wire. */
export type BlockKey = string | number;

type OpenBlock =
  | { kind: "text"; index: number; block: TextContent }
  | { kind: "thinking"; index: number; block: ThinkingContent }
  | { kind: "toolCall"; index: number; block: ToolCall; json: string; parsedLength: number };

/**
 * A fresh, empty assistant message for a model.
 *
 * @example
 * const message = createAssistantMessage(model); // content: [], stopReason: "stop", zero usage
 */
export function createAssistantMessage(model: Pick<Model, "api" | "provider" | "id">): AssistantMessage {
  return {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: emptyUsage(),
    stopReason: "stop",
    timestamp: Date.now(),
  };
}

/**
 * Writes a partial message and its events into a stream.
 *
 * @example
 * const b = new MessageBuilder(model, createAssistantEventStream());
 * b.start();
 * b.appendText("Hel"); b.appendText("lo");
 * b.startToolCall(0, { id: "call_1", name: "get_weather" });
 * b.appendToolArguments(0, '{"city":"Pa');
 * b.appendToolArguments(0, 'ris"}');
 * b.setUsage({ input: 10, output: 5 });
 * b.finish("toolUse");
 */
export class MessageBuilder {
  readonly message: AssistantMessage;
  private readonly open = new Map<BlockKey, OpenBlock>();
  private started = false;
  private ended = false;

  constructor(
    private readonly model: Model,
    readonly stream: AssistantEventSink,
  ) {
    this.message = createAssistantMessage(model);
  }

  /** True once `finish` or `fail` ran; later calls are ignored. */
  get finished(): boolean {
    return this.ended;
  }

  /** Emits `start` (once). Every other method calls it implicitly. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stream.push({ type: "start", partial: this.message });
  }

  /** Appends text to the text block `key`, opening it first if needed. */
  appendText(delta: string, key: BlockKey = "text"): void {
    const b = this.openBlock(key, "text");
    if (b?.kind !== "text" || delta === "") return;
    b.block.text += delta;
    this.stream.push({ type: "text_delta", contentIndex: b.index, delta, partial: this.message });
  }

  /** Appends reasoning to the thinking block `key`, opening it first if needed. */
  appendThinking(delta: string, key: BlockKey = "thinking"): void {
    const b = this.openBlock(key, "thinking");
    if (b?.kind !== "thinking" || delta === "") return;
    b.block.thinking += delta;
    this.stream.push({ type: "thinking_delta", contentIndex: b.index, delta, partial: this.message });
  }

  /** Sets the signature (and redaction flag) of the thinking block `key`. */
  setThinkingSignature(signature: string, key: BlockKey = "thinking", redacted?: boolean): void {
    const b = this.openBlock(key, "thinking");
    if (b?.kind !== "thinking") return;
    b.block.thinkingSignature = (b.block.thinkingSignature ?? "") + signature;
    if (redacted) b.block.redacted = true;
  }

  /** Attaches an opaque provider signature to the text block `key`. */
  setTextSignature(signature: string, key: BlockKey = "text"): void {
    const b = this.openBlock(key, "text");
    if (b?.kind === "text") b.block.textSignature = signature;
  }

  /** Opens a tool call block `key` with its id and name. */
  startToolCall(key: BlockKey, call: { id: string; name: string; thoughtSignature?: string }): void {
    const b = this.openBlock(key, "toolCall");
    if (b?.kind !== "toolCall") return;
    if (call.id) b.block.id = call.id;
    if (call.name) b.block.name = call.name;
    if (call.thoughtSignature) b.block.thoughtSignature = call.thoughtSignature;
  }

  /** Appends a fragment of JSON arguments; `arguments` is re-parsed incrementally. */
  appendToolArguments(key: BlockKey, delta: string): void {
    const b = this.openBlock(key, "toolCall");
    if (b?.kind !== "toolCall" || delta === "") return;
    b.json += delta;
    // Re-parse small arguments on every delta, large ones as they grow by a quarter: O(n) overall.
    if (b.json.length < 4096 || b.json.length - b.parsedLength >= b.parsedLength / 4) {
      b.block.arguments = parseToolArguments(b.json);
      b.parsedLength = b.json.length;
    }
    this.stream.push({ type: "toolcall_delta", contentIndex: b.index, delta, partial: this.message });
  }

  /** Emits a whole tool call at once (providers that send complete objects, e.g. Ollama). */
  addToolCall(call: Omit<ToolCall, "type">, key: BlockKey = `tool:${call.id}`): void {
    this.startToolCall(key, call);
    this.appendToolArguments(key, JSON.stringify(call.arguments));
    this.endBlock(key);
  }

  /** Closes block `key`, emitting its `*_end` event. Unknown keys are ignored. */
  endBlock(key: BlockKey): void {
    const b = this.open.get(key);
    if (!b) return;
    this.open.delete(key);
    const partial = this.message;
    if (b.kind === "text") {
      this.stream.push({ type: "text_end", contentIndex: b.index, content: b.block.text, partial });
    } else if (b.kind === "thinking") {
      this.stream.push({ type: "thinking_end", contentIndex: b.index, content: b.block.thinking, partial });
    } else {
      b.block.arguments = parseToolArguments(b.json);
      this.stream.push({ type: "toolcall_end", contentIndex: b.index, toolCall: b.block, partial });
    }
  }

  /** Closes every open block, in content order. */
  endAll(): void {
    const keys = [...this.open.entries()].sort((a, b) => a[1].index - b[1].index).map(([k]) => k);
    for (const key of keys) this.endBlock(key);
  }

  /** True when block `key` is open. */
  isOpen(key: BlockKey): boolean {
    return this.open.has(key);
  }

  /** Records token counts and prices them with the model's catalog cost. */
  setUsage(counts: TokenCounts): void {
    this.message.usage = calculateUsage(this.model, counts);
  }

  setResponseId(id: string | undefined): void {
    if (id) this.message.responseId = id;
  }

  /** Ends the message successfully: closes open blocks and emits `done`. */
  finish(reason: "stop" | "length" | "toolUse"): void {
    if (this.ended) return;
    this.start();
    this.endAll();
    this.ended = true;
    this.message.stopReason = reason;
    this.stream.push({ type: "done", reason, message: this.message });
  }

  /** Ends the message with a failure; `aborted` when the error's reason is "aborted". */
  fail(error: ProviderErrorInfo): void {
    if (this.ended) return;
    this.start();
    this.endAll();
    this.ended = true;
    const reason = error.reason === "aborted" ? "aborted" : "error";
    this.message.stopReason = reason;
    this.message.error = error;
    this.stream.push({ type: "error", reason, error, message: this.message });
  }

  private openBlock(key: BlockKey, kind: OpenBlock["kind"]): OpenBlock | undefined {
    if (this.ended) return undefined;
    this.start();
    const existing = this.open.get(key);
    if (existing) return existing;
    const index = this.message.content.length;
    const partial = this.message;
    const b: OpenBlock =
      kind === "text"
        ? { kind, index, block: { type: "text", text: "" } }
        : kind === "thinking"
          ? { kind, index, block: { type: "thinking", thinking: "" } }
          : {
              kind,
              index,
              block: { type: "toolCall", id: "", name: "", arguments: {} },
              json: "",
              parsedLength: 0,
            };
    this.message.content.push(b.block);
    this.open.set(key, b);
    const type = kind === "text" ? "text_start" : kind === "thinking" ? "thinking_start" : "toolcall_start";
    this.stream.push({ type, contentIndex: index, partial });
    return b;
  }
}

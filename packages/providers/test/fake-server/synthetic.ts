/**
 * Synthetic long streams (N tokens) in each provider's wire format, for benchmarks and
 * stress tests. Shapes follow the recorded captures; the text is generated.
 */
import type { Reply, Responder } from "./reply.js";

export type WireFormat = "google" | "ollama" | "anthropic" | "openai-completions" | "openai-responses";

export interface SyntheticOptions {
  /** Number of text deltas (one token each). */
  tokens: number;
  /** Group frames into writes of about this many bytes (0 = one write per event). Default 16 KiB. */
  batchBytes?: number;
  model?: string;
}

/** The text of token `i`; the whole stream is `tokenText(0) + tokenText(1) + …`. */
export function tokenText(i: number): string {
  return `w${i % 1000} `;
}

type EventBuilder = (tokens: number, model: string) => { contentType: string; events: string[] };

const google: EventBuilder = (tokens, model) => {
  const usage = (out: number) =>
    `"usageMetadata": {"promptTokenCount": 8,"candidatesTokenCount": ${out},"totalTokenCount": ${8 + out}}`;
  const events: string[] = [];
  for (let i = 0; i < tokens; i++) {
    const text = JSON.stringify(tokenText(i));
    const finish = i === tokens - 1 ? `,"finishReason": "STOP"` : "";
    events.push(
      `data: {"candidates": [{"content": {"parts": [{"text": ${text}}],"role": "model"}${finish},"index": 0}],${usage(i + 1)},"modelVersion": "${model}","responseId": "synthetic"}\r\n\r\n`,
    );
  }
  return { contentType: "text/event-stream", events };
};

const ollama: EventBuilder = (tokens, model) => {
  const events: string[] = [];
  for (let i = 0; i < tokens; i++) {
    const text = JSON.stringify(tokenText(i));
    events.push(
      `{"model":"${model}","created_at":"2026-01-01T00:00:00Z","message":{"role":"assistant","content":${text}},"done":false}\n`,
    );
  }
  events.push(
    `{"model":"${model}","created_at":"2026-01-01T00:00:01Z","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","total_duration":1,"load_duration":1,"prompt_eval_count":8,"prompt_eval_duration":1,"eval_count":${tokens},"eval_duration":1}\n`,
  );
  return { contentType: "application/x-ndjson", events };
};

const named = (type: string, data: string) => `event: ${type}\ndata: ${data}\n\n`;

const anthropic: EventBuilder = (tokens, model) => {
  const events = [
    named(
      "message_start",
      `{"type":"message_start","message":{"id":"msg_synthetic","type":"message","role":"assistant","model":"${model}","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":8,"output_tokens":1}}}`,
    ),
    named(
      "content_block_start",
      `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
    ),
  ];
  for (let i = 0; i < tokens; i++) {
    const text = JSON.stringify(tokenText(i));
    events.push(
      named(
        "content_block_delta",
        `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${text}}}`,
      ),
    );
  }
  events.push(
    named("content_block_stop", `{"type":"content_block_stop","index":0}`),
    named(
      "message_delta",
      `{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":${tokens}}}`,
    ),
    named("message_stop", `{"type":"message_stop"}`),
  );
  return { contentType: "text/event-stream; charset=utf-8", events };
};

const openaiCompletions: EventBuilder = (tokens, model) => {
  const chunk = (delta: string, finish: string) =>
    `data: {"id":"chatcmpl-synthetic","object":"chat.completion.chunk","created":1,"model":"${model}","choices":[{"index":0,"delta":${delta},"finish_reason":${finish}}]}\n\n`;
  const events = [chunk(`{"role":"assistant","content":""}`, "null")];
  for (let i = 0; i < tokens; i++) events.push(chunk(`{"content":${JSON.stringify(tokenText(i))}}`, "null"));
  events.push(
    chunk("{}", `"stop"`),
    `data: {"id":"chatcmpl-synthetic","object":"chat.completion.chunk","created":1,"model":"${model}","choices":[],"usage":{"prompt_tokens":8,"completion_tokens":${tokens},"total_tokens":${8 + tokens}}}\n\n`,
    "data: [DONE]\n\n",
  );
  return { contentType: "text/event-stream; charset=utf-8", events };
};

const openaiResponses: EventBuilder = (tokens, model) => {
  let seq = 0;
  const ev = (type: string, rest: string) =>
    named(type, `{"type":"${type}","sequence_number":${seq++}${rest}}`);
  const response = (status: string, usage: string) =>
    `,"response":{"id":"resp_synthetic","object":"response","created_at":1,"status":"${status}","model":"${model}","output":[],"usage":${usage}}`;
  const events = [
    ev("response.created", response("in_progress", "null")),
    ev(
      "response.output_item.added",
      `,"output_index":0,"item":{"id":"msg_synthetic","type":"message","status":"in_progress","content":[],"role":"assistant"}`,
    ),
    ev(
      "response.content_part.added",
      `,"item_id":"msg_synthetic","output_index":0,"content_index":0,"part":{"type":"output_text","annotations":[],"text":""}`,
    ),
  ];
  let all = "";
  for (let i = 0; i < tokens; i++) {
    all += tokenText(i);
    const delta = JSON.stringify(tokenText(i));
    events.push(
      ev(
        "response.output_text.delta",
        `,"item_id":"msg_synthetic","output_index":0,"content_index":0,"delta":${delta}`,
      ),
    );
  }
  const text = JSON.stringify(all);
  events.push(
    ev(
      "response.output_text.done",
      `,"item_id":"msg_synthetic","output_index":0,"content_index":0,"text":${text}`,
    ),
    ev(
      "response.output_item.done",
      `,"output_index":0,"item":{"id":"msg_synthetic","type":"message","status":"completed","content":[{"type":"output_text","annotations":[],"text":${text}}],"role":"assistant"}`,
    ),
    ev(
      "response.completed",
      response("completed", `{"input_tokens":8,"output_tokens":${tokens},"total_tokens":${8 + tokens}}`),
    ),
  );
  return { contentType: "text/event-stream; charset=utf-8", events };
};

const BUILDERS: Record<WireFormat, EventBuilder> = {
  google,
  ollama,
  anthropic,
  "openai-completions": openaiCompletions,
  "openai-responses": openaiResponses,
};

function batch(events: string[], batchBytes: number): Buffer[] {
  if (batchBytes <= 0) return events.map((event) => Buffer.from(event));
  const frames: Buffer[] = [];
  let pending = "";
  for (const event of events) {
    pending += event;
    if (pending.length >= batchBytes) {
      frames.push(Buffer.from(pending));
      pending = "";
    }
  }
  if (pending) frames.push(Buffer.from(pending));
  return frames;
}

/**
 * A responder streaming `tokens` text deltas in one wire format. The body is built once.
 *
 * @example
 * await startFakeServer({ "POST /api/chat": syntheticStream("ollama", { tokens: 20_000 }) });
 */
export function syntheticStream(format: WireFormat, options: SyntheticOptions): Responder {
  const { contentType, events } = BUILDERS[format](options.tokens, options.model ?? "synthetic-model");
  const reply: Reply = {
    status: 200,
    headers: { "content-type": contentType },
    frames: batch(events, options.batchBytes ?? 16_384),
  };
  return () => reply;
}

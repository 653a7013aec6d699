/**
 * Adapter overhead for anthropic-messages, openai-completions and openai-responses: a 20k-token
 * synthetic stream from the local fake server, read with the bare SDK (baseline: create the
 * request, iterate every event, touch the text) and through our adapter (events, message
 * builder, usage and cost). Target: adapter ≤ 1.2× the bare SDK in the same run.
 */
import Anthropic from "@anthropic-ai/sdk";
import { suite } from "@claw/bench-harness";
import OpenAI from "openai";
import { streamAnthropic } from "../src/adapters/anthropic/stream.js";
import { streamOpenAICompletions } from "../src/adapters/openai-completions/stream.js";
import { streamOpenAIResponses } from "../src/adapters/openai-responses/stream.js";
import type { AssistantEventStream, Context, Model } from "../src/types.js";
import { startFakeServer, syntheticStream } from "../test/fake-server/index.js";

const TOKENS = 20_000;
const PROMPT = "Write a long story.";
const context: Context = { messages: [{ role: "user", content: PROMPT, timestamp: 0 }] };
// Long sampling windows: the machine is shared, and baseline and case are sampled one after the other.
const bench = { minSamples: 20, minTimeMs: 2_500, warmup: 5 };
const target = { maxRatio: 1.2 };

const servers = {
  anthropic: await startFakeServer(syntheticStream("anthropic", { tokens: TOKENS })),
  completions: await startFakeServer(syntheticStream("openai-completions", { tokens: TOKENS })),
  responses: await startFakeServer(syntheticStream("openai-responses", { tokens: TOKENS })),
};

function model(api: string, provider: string, baseUrl: string): Model {
  return {
    id: "bench-model",
    provider,
    api,
    baseUrl,
    contextWindow: 200_000,
    maxTokens: 32_000,
    input: ["text"],
    reasoning: false,
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  };
}

async function drain(stream: AssistantEventStream): Promise<number> {
  let chars = 0;
  for await (const event of stream) if (event.type === "text_delta") chars += event.delta.length;
  const message = await stream.result();
  if (message.stopReason !== "stop") throw new Error(`bench: stream failed: ${message.error?.message}`);
  return chars;
}

const anthropicModel = model("anthropic-messages", "anthropic", servers.anthropic.url);
await suite(`anthropic-messages ${TOKENS} tokens`, {
  ...bench,
  baseline: {
    name: "@anthropic-ai/sdk messages.create stream",
    fn: async () => {
      const client = new Anthropic({ apiKey: "bench", baseURL: servers.anthropic.url, maxRetries: 0 });
      let chars = 0;
      const events = await client.messages.create({
        model: anthropicModel.id,
        max_tokens: 32_000,
        messages: [{ role: "user", content: PROMPT }],
        stream: true,
      });
      for await (const event of events) {
        if (event.type === "content_block_delta" && event.delta.type === "text_delta")
          chars += event.delta.text.length;
      }
      return chars;
    },
  },
  cases: [
    {
      name: "streamAnthropic",
      fn: () => drain(streamAnthropic(anthropicModel, context, { apiKey: "bench" })),
      target,
    },
  ],
});

const completionsModel = model("openai-completions", "openai", `${servers.completions.url}/v1`);
await suite(`openai-completions ${TOKENS} tokens`, {
  ...bench,
  baseline: {
    name: "openai chat.completions.create stream",
    fn: async () => {
      const client = new OpenAI({ apiKey: "bench", baseURL: completionsModel.baseUrl, maxRetries: 0 });
      let chars = 0;
      const chunks = await client.chat.completions.create({
        model: completionsModel.id,
        messages: [{ role: "user", content: PROMPT }],
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of chunks) chars += chunk.choices[0]?.delta.content?.length ?? 0;
      return chars;
    },
  },
  cases: [
    {
      name: "streamOpenAICompletions",
      fn: () => drain(streamOpenAICompletions(completionsModel, context, { apiKey: "bench" })),
      target,
    },
  ],
});

const responsesModel = model("openai-responses", "openai", `${servers.responses.url}/v1`);
await suite(`openai-responses ${TOKENS} tokens`, {
  ...bench,
  baseline: {
    name: "openai responses.create stream",
    fn: async () => {
      const client = new OpenAI({ apiKey: "bench", baseURL: responsesModel.baseUrl, maxRetries: 0 });
      let chars = 0;
      const events = await client.responses.create({ model: responsesModel.id, input: PROMPT, stream: true });
      for await (const event of events)
        if (event.type === "response.output_text.delta") chars += event.delta.length;
      return chars;
    },
  },
  cases: [
    {
      name: "streamOpenAIResponses",
      fn: () => drain(streamOpenAIResponses(responsesModel, context, { apiKey: "bench" })),
      target,
    },
  ],
});

await Promise.all(Object.values(servers).map((s) => s.close()));

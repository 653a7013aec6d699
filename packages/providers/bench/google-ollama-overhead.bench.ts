/**
 * Adapter overhead for Gemini and Ollama: a 20k-token synthetic stream from the fake server,
 * read with the bare SDK (baseline) and through our adapter (events, builder, usage).
 */
import { suite } from "@claw/bench-harness";
import { GoogleGenAI } from "@google/genai";
import { Ollama } from "ollama";
import { streamGoogle } from "../src/adapters/google/index.js";
import { streamOllama } from "../src/adapters/ollama/index.js";
import type { AssistantEventStream, Context, Model } from "../src/types.js";
import { startFakeServer, syntheticStream } from "../test/fake-server/index.js";

const TOKENS = 20_000;
const context: Context = { messages: [{ role: "user", content: "Write a long story.", timestamp: 0 }] };
const bench = { minSamples: 10, minTimeMs: 1_000, warmup: 3 };

const google = await startFakeServer(syntheticStream("google", { tokens: TOKENS }));
const ollama = await startFakeServer(syntheticStream("ollama", { tokens: TOKENS }));

const base = {
  contextWindow: 131_072,
  maxTokens: 8_192,
  input: ["text"],
  cost: { input: 0.3, output: 2.5, cacheRead: 0, cacheWrite: 0 },
} as const;
const geminiModel: Model = {
  ...base,
  input: ["text"],
  id: "gemini-2.0-flash",
  provider: "google",
  api: "google-generative-ai",
  baseUrl: google.url,
  reasoning: false,
};
const ollamaModel: Model = {
  ...base,
  input: ["text"],
  id: "llama3.1:8b",
  provider: "ollama",
  api: "ollama-chat",
  baseUrl: ollama.url,
  reasoning: false,
};

async function drain(stream: AssistantEventStream): Promise<number> {
  let chars = 0;
  for await (const event of stream) if (event.type === "text_delta") chars += event.delta.length;
  const message = await stream.result();
  if (message.stopReason !== "stop") throw new Error(`bench: stream failed: ${message.error?.message}`);
  return chars;
}

const genai = new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: google.url } });
await suite(`gemini ${TOKENS} tokens`, {
  ...bench,
  baseline: {
    name: "@google/genai generateContentStream",
    fn: async () => {
      let chars = 0;
      const chunks = await genai.models.generateContentStream({
        model: geminiModel.id,
        contents: "Write a long story.",
      });
      for await (const chunk of chunks)
        chars += chunk.candidates?.[0]?.content?.parts?.[0]?.text?.length ?? 0;
      return chars;
    },
  },
  cases: [
    {
      name: "streamGoogle",
      fn: () => drain(streamGoogle(geminiModel, context, { apiKey: "bench" })),
      target: { maxRatio: 1.2 },
    },
  ],
});

const client = new Ollama({ host: ollama.url });
await suite(`ollama ${TOKENS} tokens`, {
  ...bench,
  baseline: {
    name: "ollama chat({ stream: true })",
    fn: async () => {
      let chars = 0;
      const chunks = await client.chat({
        model: ollamaModel.id,
        messages: [{ role: "user", content: "Write a long story." }],
        stream: true,
      });
      for await (const chunk of chunks) chars += chunk.message.content.length;
      return chars;
    },
  },
  cases: [
    { name: "streamOllama", fn: () => drain(streamOllama(ollamaModel, context)), target: { maxRatio: 1.2 } },
  ],
});

await google.close();
await ollama.close();

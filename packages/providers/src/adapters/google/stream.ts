/**
 * The `google-generative-ai` adapter: Gemini's streamGenerateContent through @google/genai.
 */
import { runAdapter } from "../../stream/run-adapter.js";
import type { StreamFunction } from "../../types.js";
import { lazyPeer } from "../shared/optional-peer.js";
import { GeminiChunkReader } from "./chunk-reader.js";
import { GOOGLE_ERROR_RULES } from "./errors.js";
import { toGoogleFailure } from "./failure.js";
import { buildGeminiRequest } from "./request.js";

const loadGoogleSdk = lazyPeer(["@google/genai"], "The Google adapter", () => import("@google/genai"));

/**
 * Streams a Gemini reply. Never throws: failures end the stream with a classified `error` event.
 *
 * @example
 * const s = streamGoogle(resolveModel("google/gemini-2.5-flash"), { messages }, { apiKey });
 * for await (const event of s) if (event.type === "text_delta") process.stdout.write(event.delta);
 */
export const streamGoogle: StreamFunction = (model, context, options) =>
  runAdapter(model, options, GOOGLE_ERROR_RULES, async ({ builder, signal, options: opts }) => {
    const { GoogleGenAI } = await loadGoogleSdk();
    let failedHeaders: Headers | undefined;
    const client = new GoogleGenAI({
      apiKey: opts.apiKey ?? "",
      httpOptions: {
        ...(model.baseUrl ? { baseUrl: model.baseUrl } : {}),
        headers: { ...model.headers, ...opts.headers },
        // Only to keep the headers of a failed response: the SDK's ApiError drops retry-after.
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (!response.ok) failedHeaders = response.headers;
          return response;
        },
      },
    });
    try {
      const chunks = await client.models.generateContentStream(
        buildGeminiRequest(model, context, opts, signal),
      );
      const reader = new GeminiChunkReader(builder);
      builder.start();
      for await (const chunk of chunks) reader.apply(chunk);
      reader.finish();
    } catch (error) {
      throw toGoogleFailure(error, failedHeaders);
    }
  });

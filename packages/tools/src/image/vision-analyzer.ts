/**
 * Sends one prepared image and a question to the first vision-capable model among the candidates
 * (the agent's `imageModel` chain, then the session's model), falling through to the next on a
 * failed call. Candidates that do not accept images are skipped and named in the error, so "no
 * model accepts images" says which models were considered and what to configure.
 */
import { type Model, stream as providerStream, type StreamFunction } from "@claw/providers";

export interface ImageAnalysisRequest {
  image: { data: Buffer; mimeType: string };
  prompt: string;
  signal: AbortSignal;
  sessionKey?: string;
  agentId?: string;
}

/** Describes an image; rejects with a message a person can act on. */
export type ImageAnalyzer = (request: ImageAnalysisRequest) => Promise<{ text: string; model: string }>;

export interface VisionCandidate {
  model: Model;
  apiKey?: string;
  /** Where the candidate came from, e.g. `agents.defaults.imageModel` or `session model`. */
  source: string;
}

export interface VisionAnalyzerOptions {
  /** Candidates in order of preference for this call. */
  candidates(
    request: Pick<ImageAnalysisRequest, "sessionKey" | "agentId">,
  ): VisionCandidate[] | Promise<VisionCandidate[]>;
  /** Default: the providers' `stream`. */
  stream?: StreamFunction;
  maxTokens?: number;
}

export class NoVisionModelError extends Error {
  override name = "NoVisionModelError";
}

const ref = (model: Model) => `${model.provider}/${model.id}`;

/**
 * @example
 * const analyze = createVisionAnalyzer({ candidates: () => [{ model: resolveModel("anthropic/claude-sonnet-4-5"), apiKey, source: "imageModel" }] });
 * const { text } = await analyze({ image: { data, mimeType: "image/png" }, prompt: "What is shown?", signal });
 */
export function createVisionAnalyzer(options: VisionAnalyzerOptions): ImageAnalyzer {
  const streamFn = options.stream ?? providerStream;
  return async (request) => {
    const all = await options.candidates(request);
    const usable = all.filter((c) => c.model.input.includes("image"));
    if (usable.length === 0) {
      const considered = all.map((c) => `${ref(c.model)} (${c.source}, text only)`).join(", ");
      throw new NoVisionModelError(
        `No model that accepts images is configured${considered ? `: ${considered}` : ""}. Set agents.defaults.imageModel (or the agent's imageModel) to a vision model, e.g. "anthropic/claude-sonnet-4-5".`,
      );
    }
    const failures: string[] = [];
    for (const candidate of usable) {
      const reply = await streamFn(
        candidate.model,
        {
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: request.prompt },
                {
                  type: "image",
                  data: request.image.data.toString("base64"),
                  mimeType: request.image.mimeType,
                },
              ],
              timestamp: Date.now(),
            },
          ],
        },
        { apiKey: candidate.apiKey, signal: request.signal, maxTokens: options.maxTokens ?? 1024 },
      ).result();
      if (reply.stopReason === "aborted") throw new Error("image analysis was aborted.");
      if (reply.stopReason !== "error")
        return {
          model: ref(candidate.model),
          text: reply.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(""),
        };
      failures.push(`${ref(candidate.model)}: ${reply.error?.message ?? "failed"}`);
    }
    throw new Error(`image analysis failed on every vision model — ${failures.join("; ")}`);
  };
}

import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { wrapUntrusted } from "../web/untrusted.js";
import { type ImageLimits, prepareImage } from "./downscale.js";
import { type ImageSourceOptions, loadImageBytes } from "./image-source.js";
import type { ImageAnalyzer } from "./vision-analyzer.js";

const ImageParams = Type.Object({
  image: Type.String({
    description: "A workspace path or an http(s) URL of a PNG, JPEG, GIF or WebP image.",
  }),
  prompt: Type.Optional(
    Type.String({ description: "What to find out about the image (default: describe it)." }),
  ),
});

export interface ImageToolOptions extends ImageSourceOptions {
  analyze: ImageAnalyzer;
  limits?: ImageLimits;
}

const DEFAULT_PROMPT = "Describe this image in detail, including any text it contains.";

/**
 * `image`: reads an image from the workspace or a URL (through the address guard), checks its
 * format by content, downscales it to what vision models accept, and asks a vision model about
 * it. The answer is fenced as untrusted: an image can carry written instructions.
 *
 * @example
 * const tool = createImageTool({ workspace: createWorkspace(dir), analyze: createVisionAnalyzer({ candidates }) });
 */
export function createImageTool(options: ImageToolOptions): TypedTool<typeof ImageParams> {
  return {
    name: "image",
    label: "Look at image",
    description:
      "Look at an image (workspace path or http(s) URL) with a vision model and answer a question about it.",
    parameters: ImageParams,
    async execute({ image, prompt }, context) {
      const source = image.trim();
      if (source === "") throw new Error("image: give a workspace path or an http(s) URL.");
      const { bytes, label } = await loadImageBytes(source, options, context.signal);
      const prepared = await prepareImage(bytes, label, options.limits);
      const answer = await options.analyze({
        image: { data: prepared.data, mimeType: prepared.mimeType },
        prompt: prompt?.trim() || DEFAULT_PROMPT,
        signal: context.signal,
        ...(context.sessionKey ? { sessionKey: context.sessionKey } : {}),
        ...(context.agentId ? { agentId: context.agentId } : {}),
      });
      return textResult(wrapUntrusted(answer.text, `image ${label} (described by ${answer.model})`), {
        source: label,
        model: answer.model,
        sent: {
          mimeType: prepared.mimeType,
          width: prepared.width,
          height: prepared.height,
          bytes: prepared.data.byteLength,
        },
        original: prepared.original,
        resized: prepared.resized,
      });
    },
  };
}

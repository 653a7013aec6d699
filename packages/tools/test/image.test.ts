/**
 * The image tool with a faux vision model: what reaches the model (format, pixel size, bytes)
 * after downscaling, refusal of non-images before any model call, workspace containment, the
 * address guard on URLs, and the error when no model accepts images.
 */
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createFauxProvider, type ImageContent } from "@claw/providers";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createImageTool,
  createVisionAnalyzer,
  createWorkspace,
  type ImageToolOptions,
  inspectImage,
  prepareImage,
  unwrapUntrusted,
  type VisionCandidate,
} from "../src/index.js";
import { call, tempWorkspace, text } from "./helpers.js";

/** A noisy RGB JPEG (noise keeps it from compressing to nothing). */
function makeJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let i = 0; i < data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (i / 4) % 256;
    data[i + 1] = seed & 0xff;
    data[i + 2] = (seed >> 8) & 0xff;
    data[i + 3] = 255;
  }
  return jpeg.encode({ width, height, data }, 95).data;
}

function makePng(width: number, height: number, alpha: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 200;
    png.data[i + 1] = (i / 4) % 256;
    png.data[i + 2] = 40;
    png.data[i + 3] = alpha;
  }
  return PNG.sync.write(png);
}

const { root } = tempWorkspace();
const workspace = createWorkspace(root);
writeFileSync(join(root, "big.jpg"), makeJpeg(2000, 1000));
writeFileSync(join(root, "small.png"), makePng(300, 200, 255));
writeFileSync(join(root, "wide-alpha.png"), makePng(2400, 300, 128));
writeFileSync(join(root, "notes.png"), "this is not a png at all\n");
writeFileSync(join(root, "truncated.jpg"), makeJpeg(1700, 200).subarray(0, 4000));
writeFileSync(
  join(root, "tiny.gif"),
  Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
);

let server: Server;
let base = "";
beforeAll(async () => {
  const photo = makeJpeg(1800, 1200);
  server = createServer((req, res) => {
    if (req.url === "/photo.jpg") {
      res.setHeader("content-type", "image/jpeg");
      return res.end(photo);
    }
    res.setHeader("content-type", "image/png");
    res.end("<html>surprise, not an image</html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function setup(
  options: { textOnly?: boolean; allowPrivate?: string[]; extra?: Partial<ImageToolOptions> } = {},
) {
  const faux = createFauxProvider(["A red square with the word CLAW.", "second answer"], {
    provider: "vision",
  });
  const model = options.textOnly ? faux.modelFor("text-1", { input: ["text"] }) : faux.model;
  const candidates: VisionCandidate[] = [{ model, source: "agents.defaults.imageModel" }];
  const tool = createImageTool({
    workspace,
    analyze: createVisionAnalyzer({ candidates: () => candidates, stream: faux.stream }),
    ...(options.allowPrivate ? { allowPrivate: options.allowPrivate } : {}),
    ...options.extra,
  });
  const sentImage = () => {
    const content = faux.calls.at(-1)?.context.messages[0]?.content;
    const image = Array.isArray(content)
      ? content.find((c): c is ImageContent => c.type === "image")
      : undefined;
    return image ? { mimeType: image.mimeType, bytes: Buffer.from(image.data, "base64") } : undefined;
  };
  return { faux, tool, sentImage };
}

describe("image", () => {
  it("downscales a 2000×1000 JPEG to 1568 px on the long side before the model sees it", async () => {
    const { tool, sentImage } = setup();
    const result = await call(tool, { image: "big.jpg", prompt: "What is it?" });
    const sent = sentImage();
    expect(sent?.mimeType).toBe("image/jpeg");
    const info = inspectImage(sent?.bytes ?? Buffer.alloc(0));
    expect(info).toMatchObject({ format: "jpeg", width: 1568, height: 784 });
    expect(result.details).toMatchObject({
      resized: true,
      original: { width: 2000, height: 1000 },
      sent: { width: 1568, height: 784, bytes: sent?.bytes.byteLength },
    });
    expect(unwrapUntrusted(text(result))).toBe("A red square with the word CLAW.");
  });

  it("sends a small image unchanged, with the question", async () => {
    const { tool, faux, sentImage } = setup();
    await call(tool, { image: "small.png", prompt: "Colour?" });
    expect(sentImage()?.bytes.equals(makePng(300, 200, 255))).toBe(true);
    const content = faux.calls.at(-1)?.context.messages[0]?.content;
    expect(Array.isArray(content) && content[0]).toEqual({ type: "text", text: "Colour?" });
  });

  it("keeps transparency as PNG when shrinking, and meets a byte budget by shrinking further", async () => {
    const { tool, sentImage } = setup({ extra: { limits: { maxSide: 1568, maxBytes: 60_000 } } });
    const result = await call(tool, { image: "wide-alpha.png" });
    const sent = sentImage();
    expect(sent?.mimeType).toBe("image/png");
    expect(sent?.bytes.byteLength).toBeLessThanOrEqual(60_000);
    const info = inspectImage(sent?.bytes ?? Buffer.alloc(0));
    expect(info?.width).toBeLessThanOrEqual(1568);
    expect((info?.width ?? 0) / (info?.height ?? 1)).toBeCloseTo(8, 0);
    expect(result.details).toMatchObject({ resized: true });
  });

  it("refuses a non-image named .png before calling any model", async () => {
    const { tool, faux } = setup();
    await expect(call(tool, { image: "notes.png" })).rejects.toThrow(
      /notes\.png is not an image this tool reads/,
    );
    expect(faux.calls).toHaveLength(0);
  });

  it("refuses a truncated JPEG that needs decoding with a clear error", async () => {
    const { tool } = setup();
    await expect(call(tool, { image: "truncated.jpg" })).rejects.toThrow(
      /the JPEG image could not be decoded .*truncated or corrupt/,
    );
  });

  it("passes a small GIF as is, and refuses an oversized one it cannot downscale", async () => {
    const { tool, sentImage } = setup();
    await call(tool, { image: "tiny.gif" });
    expect(sentImage()?.mimeType).toBe("image/gif");
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    gif.writeUInt16LE(5000, 6);
    await expect(prepareImage(gif, "huge.gif")).rejects.toThrow(/only PNG and JPEG are downscaled/);
  });

  it("refuses paths outside the workspace and other schemes", async () => {
    const { tool } = setup();
    await expect(call(tool, { image: "../outside/x.png" })).rejects.toThrow(/outside|escape/i);
    await expect(call(tool, { image: "file:///etc/passwd" })).rejects.toThrow(
      /only workspace paths and http\(s\) URLs/,
    );
  });

  it("fetches a URL through the address guard: loopback refused unless allowed", async () => {
    await expect(call(setup().tool, { image: `${base}/photo.jpg` })).rejects.toThrow(/not a public address/);
    const { tool, sentImage } = setup({ allowPrivate: ["127.0.0.1"] });
    await call(tool, { image: `${base}/photo.jpg` });
    expect(inspectImage(sentImage()?.bytes ?? Buffer.alloc(0))).toMatchObject({ width: 1568, height: 1045 });
    await expect(call(tool, { image: `${base}/lying.png` })).rejects.toThrow(
      /is not an image this tool reads/,
    );
  });

  it("a download over the input limit is cut off", async () => {
    const { tool } = setup({ allowPrivate: ["127.0.0.1"], extra: { maxInputBytes: 10_000 } });
    await expect(call(tool, { image: `${base}/photo.jpg` })).rejects.toThrow(
      /over the 10000-byte image limit/,
    );
  });

  it("says clearly when no model accepts images", async () => {
    const { tool, faux } = setup({ textOnly: true });
    await expect(call(tool, { image: "small.png" })).rejects.toThrow(
      /No model that accepts images is configured: vision\/text-1 \(agents\.defaults\.imageModel, text only\)\. Set agents\.defaults\.imageModel/,
    );
    expect(faux.calls).toHaveLength(0);
  });
});

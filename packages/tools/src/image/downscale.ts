/**
 * Makes an image fit what vision models accept before it is sent: at most `maxSide` pixels on
 * the long side and `maxBytes` encoded. PNG and JPEG are decoded with small pure-JS codecs
 * (pngjs, jpeg-js: no native build, loaded on first use), shrunk with an area-average filter and
 * re-encoded (JPEG, or PNG when the image has transparency). GIF and WebP pass when they already
 * fit; otherwise they are refused with what to do. Decoding is refused above `maxPixels`
 * (a decompression bomb guard).
 */
import { type ImageInfo, inspectImage } from "./inspect.js";

export interface ImageLimits {
  /** Longest side sent to the model (default 1568, what Anthropic and OpenAI vision models use fully). */
  maxSide?: number;
  /** Encoded size sent to the model (default 3.75 MB: 5 MB once base64-encoded). */
  maxBytes?: number;
  /** Largest image decoded for downscaling, in pixels (default 50 megapixels). */
  maxPixels?: number;
}

export interface PreparedImage {
  data: Buffer;
  mimeType: string;
  width: number;
  height: number;
  original: ImageInfo & { bytes: number };
  resized: boolean;
}

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

const DEFAULTS = { maxSide: 1568, maxBytes: 3_750_000, maxPixels: 50_000_000 };

/**
 * @example
 * const prepared = await prepareImage(await readFile("photo.jpg"), "photo.jpg");
 * prepared.width; // ≤ 1568
 */
export async function prepareImage(
  bytes: Buffer,
  label: string,
  limits: ImageLimits = {},
): Promise<PreparedImage> {
  const { maxSide, maxBytes, maxPixels } = { ...DEFAULTS, ...limits };
  const info = inspectImage(bytes);
  if (!info)
    throw new ImageRejectedError(
      `${label} is not an image this tool reads (PNG, JPEG, GIF or WebP, recognised by content).`,
    );
  const original = { ...info, bytes: bytes.byteLength };
  const fits = Math.max(info.width, info.height) <= maxSide && bytes.byteLength <= maxBytes;
  if (fits)
    return {
      data: bytes,
      mimeType: info.mimeType,
      width: info.width,
      height: info.height,
      original,
      resized: false,
    };
  if (info.format === "gif" || info.format === "webp")
    throw new ImageRejectedError(
      `${label} is a ${info.width}×${info.height} ${info.format.toUpperCase()} of ${bytes.byteLength} bytes, over the ${maxSide}px / ${maxBytes}-byte limit, and only PNG and JPEG are downscaled; convert it to PNG or JPEG first.`,
    );
  if (info.width * info.height > maxPixels)
    throw new ImageRejectedError(
      `${label} is ${info.width}×${info.height} (${Math.round((info.width * info.height) / 1e6)} MP), more than the ${Math.round(maxPixels / 1e6)} MP this tool decodes.`,
    );
  const decoded = await decode(bytes, info);
  for (let side = maxSide; side >= 64; side = Math.floor(side * 0.75)) {
    const scale = Math.min(1, side / Math.max(info.width, info.height));
    const shrunk = scale < 1 ? areaAverage(decoded, scale) : decoded;
    const encoded = await encode(shrunk);
    if (encoded.data.byteLength <= maxBytes)
      return { ...encoded, width: shrunk.width, height: shrunk.height, original, resized: true };
  }
  throw new ImageRejectedError(`${label} does not fit in ${maxBytes} bytes even at 64px; it cannot be sent.`);
}

interface Bitmap {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Uint8Array;
  hasAlpha: boolean;
}

async function decode(bytes: Buffer, info: ImageInfo): Promise<Bitmap> {
  try {
    if (info.format === "png") {
      const { PNG } = await import("pngjs");
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, pixels: png.data, hasAlpha: hasTransparency(png.data) };
    }
    const jpeg = await import("jpeg-js");
    const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
    return { width: image.width, height: image.height, pixels: image.data, hasAlpha: false };
  } catch (error) {
    throw new ImageRejectedError(
      `the ${info.format.toUpperCase()} image could not be decoded (${error instanceof Error ? error.message : String(error)}); it may be truncated or corrupt.`,
    );
  }
}

async function encode(bitmap: Bitmap): Promise<{ data: Buffer; mimeType: string }> {
  if (bitmap.hasAlpha) {
    const { PNG } = await import("pngjs");
    const png = new PNG({ width: bitmap.width, height: bitmap.height });
    png.data = Buffer.from(bitmap.pixels.buffer, bitmap.pixels.byteOffset, bitmap.pixels.byteLength);
    return { data: PNG.sync.write(png), mimeType: "image/png" };
  }
  const jpeg = await import("jpeg-js");
  const { data } = jpeg.encode({ width: bitmap.width, height: bitmap.height, data: bitmap.pixels }, 85);
  return { data, mimeType: "image/jpeg" };
}

function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if ((rgba[i] ?? 255) < 255) return true;
  return false;
}

/** Downscale by averaging every source pixel that falls into each target pixel (no aliasing). */
function areaAverage(source: Bitmap, scale: number): Bitmap {
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const out = new Uint8Array(width * height * 4);
  const xRatio = source.width / width;
  const yRatio = source.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * yRatio);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * yRatio));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * xRatio);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * xRatio));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * source.width + sx) * 4;
          r += source.pixels[at] ?? 0;
          g += source.pixels[at + 1] ?? 0;
          b += source.pixels[at + 2] ?? 0;
          a += source.pixels[at + 3] ?? 0;
        }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * width + x) * 4;
      out[to] = Math.round(r / count);
      out[to + 1] = Math.round(g / count);
      out[to + 2] = Math.round(b / count);
      out[to + 3] = Math.round(a / count);
    }
  }
  return { width, height, pixels: out, hasAlpha: source.hasAlpha };
}

/**
 * What an image file is, from its first bytes: format (by magic number, never by file name or a
 * server's content-type) and pixel size (from the header, without decoding), so size limits are
 * checked before anything is decoded.
 */

export type ImageFormat = "png" | "jpeg" | "gif" | "webp";

export interface ImageInfo {
  format: ImageFormat;
  mimeType: `image/${ImageFormat}`;
  width: number;
  height: number;
}

/**
 * @example
 * inspectImage(await readFile("photo.jpg")); // { format: "jpeg", mimeType: "image/jpeg", width: 4032, height: 3024 }
 * inspectImage(Buffer.from("hello")); // undefined
 */
export function inspectImage(bytes: Uint8Array): ImageInfo | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = pngSize(b) ?? jpegSize(b) ?? gifSize(b) ?? webpSize(b);
  if (!size) return undefined;
  const [format, width, height] = size;
  return width > 0 && height > 0 ? { format, mimeType: `image/${format}`, width, height } : undefined;
}

type Sized = [ImageFormat, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(b: Buffer): Sized | undefined {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString("latin1", 12, 16) !== "IHDR")
    return undefined;
  return ["png", b.readUInt32BE(16), b.readUInt32BE(20)];
}

/** Walks JPEG segments to the first start-of-frame marker (SOF0–SOF15 except DHT, JPG, DAC). */
function jpegSize(b: Buffer): Sized | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return ["jpeg", b.readUInt16BE(at + 7), b.readUInt16BE(at + 5)];
    at += 2 + length;
  }
  return undefined;
}

function gifSize(b: Buffer): Sized | undefined {
  const head = b.toString("latin1", 0, 6);
  if (b.length < 10 || (head !== "GIF87a" && head !== "GIF89a")) return undefined;
  return ["gif", b.readUInt16LE(6), b.readUInt16LE(8)];
}

/** WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`) chunk headers. */
function webpSize(b: Buffer): Sized | undefined {
  if (b.length < 30 || b.toString("latin1", 0, 4) !== "RIFF" || b.toString("latin1", 8, 12) !== "WEBP")
    return undefined;
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 ") return ["webp", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21);
    return ["webp", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X") return ["webp", b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  return undefined;
}

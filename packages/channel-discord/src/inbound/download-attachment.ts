/**
 * Downloads an inbound attachment from Discord's CDN into the agent's inbox folder, refusing
 * files over the size limit before (Discord states the size) and while downloading.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MediaRef } from "@claw/channels";
import type { AttachmentCandidate } from "./normalize.js";

export interface AttachmentDownloadOptions {
  dir: string;
  maxBytes: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * @example
 * await downloadAttachment(attachmentsOf(message)[0], { dir: "/tmp/inbox", maxBytes: 8_000_000 });
 * // → { kind: "document", path: "/tmp/inbox/1732…-notes.txt", sizeBytes: 10, mimeType: "text/plain" }
 */
export async function downloadAttachment(
  candidate: AttachmentCandidate,
  options: AttachmentDownloadOptions,
): Promise<MediaRef> {
  const base = { kind: candidate.kind, ...(candidate.mimeType ? { mimeType: candidate.mimeType } : {}) };
  const tooLarge = { ...base, skipped: `larger than ${options.maxBytes} bytes` };
  if (candidate.sizeBytes > options.maxBytes) return { ...tooLarge, sizeBytes: candidate.sizeBytes };
  try {
    const response = await (options.fetch ?? fetch)(candidate.url, {
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.ok || !response.body)
      return { ...base, skipped: `download failed: HTTP ${response.status}` };
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > options.maxBytes) return tooLarge;
      chunks.push(chunk);
    }
    await mkdir(options.dir, { recursive: true });
    const safeName = candidate.filename.replace(/[^\w.-]/g, "_").slice(-100);
    const path = join(options.dir, `${Date.now()}-${safeName}`);
    await writeFile(path, Buffer.concat(chunks), { mode: 0o600 });
    return { ...base, path, sizeBytes: size };
  } catch (error) {
    return { ...base, skipped: `download failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Downloads inbound media into the agent's inbox folder, refusing files over the size limit
 * (Telegram's own cloud API serves at most 20 MB) before and while downloading.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { MediaRef } from "@claw/channels";
import type { Api } from "grammy";
import type { MediaCandidate } from "./normalize.js";

export interface MediaDownloadOptions {
  api: Api;
  /** Base URL of the Bot API server (`apiRoot`). */
  apiRoot: string;
  token: string;
  dir: string;
  maxBytes: number;
  fetch?: typeof fetch;
}

export async function downloadMedia(
  candidate: MediaCandidate,
  options: MediaDownloadOptions,
): Promise<MediaRef> {
  const base = { kind: candidate.kind, ...(candidate.mimeType ? { mimeType: candidate.mimeType } : {}) };
  if (candidate.sizeBytes !== undefined && candidate.sizeBytes > options.maxBytes)
    return { ...base, sizeBytes: candidate.sizeBytes, skipped: `larger than ${options.maxBytes} bytes` };
  try {
    const file = await options.api.getFile(candidate.fileId);
    if (!file.file_path) return { ...base, skipped: "Telegram gave no file path" };
    if ((file.file_size ?? 0) > options.maxBytes)
      return { ...base, sizeBytes: file.file_size, skipped: `larger than ${options.maxBytes} bytes` };
    const url = `${options.apiRoot}/file/bot${options.token}/${file.file_path}`;
    const response = await (options.fetch ?? fetch)(url);
    if (!response.ok || !response.body)
      return { ...base, skipped: `download failed: HTTP ${response.status}` };
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > options.maxBytes) return { ...base, skipped: `larger than ${options.maxBytes} bytes` };
      chunks.push(chunk);
    }
    await mkdir(options.dir, { recursive: true });
    const path = join(options.dir, `${Date.now()}-${basename(file.file_path).replace(/[^\w.-]/g, "_")}`);
    await writeFile(path, Buffer.concat(chunks), { mode: 0o600 });
    return { ...base, path, sizeBytes: size };
  } catch (error) {
    return { ...base, skipped: `download failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

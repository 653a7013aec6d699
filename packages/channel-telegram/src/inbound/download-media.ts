/**
 * Downloads inbound media into the agent's inbox folder, refusing files over the size limit
 * (Telegram's own cloud API serves at most 20 MB) before and while downloading. A transient
 * failure (network, 429, 5xx on `getFile` or on the file itself) is tried again a few times with
 * backoff before the file is given up on, so a blip does not cost the agent the attachment.
 */
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { MediaRef } from "@claw/channels";
import { type Api, GrammyError } from "grammy";
import type { MediaCandidate } from "./normalize.js";

export interface MediaDownloadOptions {
  api: Api;
  /** Base URL of the Bot API server (`apiRoot`). */
  apiRoot: string;
  token: string;
  dir: string;
  maxBytes: number;
  fetch?: typeof fetch;
  /** Tries per file on transient failures (default 3), the first wait between them (default 500 ms, doubling). */
  attempts?: number;
  retryDelayMs?: number;
}

/** Waits longer than this for a 429's `retry_after` are not worth holding the message for. */
const MAX_RETRY_WAIT_MS = 10_000;

type Attempt = { done: MediaRef } | { transient: string; retryAfterMs?: number };

const transientStatus = (status: number) => status === 429 || status >= 500;

async function attemptDownload(
  candidate: MediaCandidate,
  options: MediaDownloadOptions,
  base: Pick<MediaRef, "kind" | "mimeType">,
): Promise<Attempt> {
  const tooLarge = (sizeBytes?: number): Attempt => ({
    done: { ...base, ...(sizeBytes ? { sizeBytes } : {}), skipped: `larger than ${options.maxBytes} bytes` },
  });
  let file: Awaited<ReturnType<Api["getFile"]>>;
  try {
    file = await options.api.getFile(candidate.fileId);
  } catch (error) {
    if (error instanceof GrammyError && !transientStatus(error.error_code))
      return { done: { ...base, skipped: `download failed: ${error.description}` } };
    const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
    return {
      transient: error instanceof Error ? error.message : String(error),
      ...(retryAfter !== undefined ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  }
  if (!file.file_path) return { done: { ...base, skipped: "Telegram gave no file path" } };
  if ((file.file_size ?? 0) > options.maxBytes) return tooLarge(file.file_size);
  const name = basename(file.file_path).replace(/[^\w.-]/g, "_");
  // Named by Telegram's unique file id: a redelivered update (its first delivery not stored, or a
  // repeat) finds its file already here instead of downloading another copy.
  const uniqueId = (candidate.fileUniqueId ?? file.file_unique_id)?.replace(/[^\w-]/g, "_");
  const path = join(options.dir, `${uniqueId || Date.now()}-${name}`);
  const existing = uniqueId ? await stat(path).catch(() => undefined) : undefined;
  if (existing?.isFile() && (file.file_size === undefined || existing.size === file.file_size))
    return { done: { ...base, path, sizeBytes: existing.size } };
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(
      `${options.apiRoot}/file/bot${options.token}/${file.file_path}`,
    );
  } catch (error) {
    return { transient: error instanceof Error ? error.message : String(error) };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    const reason = `download failed: HTTP ${response.status}`;
    return transientStatus(response.status) ? { transient: reason } : { done: { ...base, skipped: reason } };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > options.maxBytes) return tooLarge();
    chunks.push(chunk);
  }
  await mkdir(options.dir, { recursive: true });
  // Written aside and renamed: a file cut short by a crash is never taken for a whole one.
  const partial = `${path}.${process.pid}.part`;
  await writeFile(partial, Buffer.concat(chunks), { mode: 0o600 });
  await rename(partial, path);
  return { done: { ...base, path, sizeBytes: size } };
}

export async function downloadMedia(
  candidate: MediaCandidate,
  options: MediaDownloadOptions,
): Promise<MediaRef> {
  const base = { kind: candidate.kind, ...(candidate.mimeType ? { mimeType: candidate.mimeType } : {}) };
  if (candidate.sizeBytes !== undefined && candidate.sizeBytes > options.maxBytes)
    return { ...base, sizeBytes: candidate.sizeBytes, skipped: `larger than ${options.maxBytes} bytes` };
  const attempts = options.attempts ?? 3;
  const firstDelay = options.retryDelayMs ?? 500;
  for (let attempt = 1; ; attempt++) {
    let result: Attempt;
    try {
      result = await attemptDownload(candidate, options, base);
    } catch (error) {
      return {
        ...base,
        skipped: `download failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if ("done" in result) return result.done;
    const wait = Math.max(result.retryAfterMs ?? 0, firstDelay * 2 ** (attempt - 1));
    if (attempt >= attempts || wait > MAX_RETRY_WAIT_MS)
      return { ...base, skipped: `download failed after ${attempt} tries: ${result.transient}` };
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

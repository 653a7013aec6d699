/**
 * Where the image tool reads bytes from: a workspace file (contained in the workspace root) or an
 * http(s) URL fetched through the address guard (no loopback or private hosts unless allowed),
 * both capped in size before anything is decoded.
 */
import { readFile, stat } from "node:fs/promises";
import type { Workspace } from "../shared/workspace.js";
import { guardedGet } from "../web/guarded-request.js";
import { ImageRejectedError } from "./downscale.js";

export interface ImageSourceOptions {
  workspace: Workspace;
  /** Largest file or download accepted (default 20 MB). */
  maxInputBytes?: number;
  /** Hosts that may be private (`tools.web.allowPrivate`). */
  allowPrivate?: readonly string[];
  /** Whole download, redirects included (default 20 s). */
  timeoutMs?: number;
}

const DEFAULT_MAX_INPUT = 20 * 1024 * 1024;

/**
 * @example
 * const { bytes, label } = await loadImageBytes("shots/screen.png", { workspace }, signal);
 */
export async function loadImageBytes(
  source: string,
  options: ImageSourceOptions,
  signal: AbortSignal,
): Promise<{ bytes: Buffer; label: string }> {
  const max = options.maxInputBytes ?? DEFAULT_MAX_INPUT;
  if (/^https?:\/\//i.test(source))
    return { bytes: await download(new URL(source), max, options, signal), label: source };
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source))
    throw new ImageRejectedError(`${source}: only workspace paths and http(s) URLs can be read.`);
  const file = await options.workspace.resolve(source);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new ImageRejectedError(`${source} is not a file in the workspace.`);
  if (info.size > max)
    throw new ImageRejectedError(`${source} is ${info.size} bytes, over the ${max}-byte image limit.`);
  return { bytes: await readFile(file), label: source };
}

async function download(
  url: URL,
  max: number,
  options: ImageSourceOptions,
  signal: AbortSignal,
): Promise<Buffer> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
  const response = await guardedGet(url, {
    signal: AbortSignal.any([signal, timeout]),
    headers: { accept: "image/*" },
    allowPrivate: options.allowPrivate,
  }).catch((error: Error) => {
    if (timeout.aborted) throw new ImageRejectedError(`Downloading ${url.href} timed out.`);
    throw error;
  });
  if (!response.ok) {
    response.body.destroy();
    throw new ImageRejectedError(`${url.href} answered HTTP ${response.status}; no image to look at.`);
  }
  const declared = Number(response.header("content-length") ?? Number.NaN);
  if (declared > max) {
    response.body.destroy();
    throw new ImageRejectedError(`${url.href} is ${declared} bytes, over the ${max}-byte image limit.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const value = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += value.byteLength;
    if (size > max) {
      response.body.destroy();
      throw new ImageRejectedError(`${url.href} is over the ${max}-byte image limit.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

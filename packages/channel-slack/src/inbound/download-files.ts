/**
 * The files of an inbound Slack message: first a reference the layer journals with the message
 * (`deferSlackFile`, no I/O, so Slack is acknowledged at once), then, from that stored reference,
 * the download into the inbox folder with the bot token (`fetchDeferredSlackFile`),
 * refusing one over the size limit before (declared size) and while (bytes read) downloading.
 * The token is sent only to Slack's own file hosts or the configured `slackApiUrl` origin, never
 * to a URL elsewhere that an event happens to name.
 */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { MediaRef } from "@claw/channels";
import type { SlackFile } from "./normalize.js";

export interface FileDownloadOptions {
  botToken: string;
  dir: string;
  maxBytes: number;
  /** The origin of `slackApiUrl`: files served there (a proxy, a fake) get the token too. */
  apiOrigin: string;
  fetch?: typeof fetch;
}

/** File modes with no bytes behind them (deleted, over the free plan's limit, linked elsewhere). */
const UNDOWNLOADABLE_MODES = new Set(["tombstone", "hidden_by_limit", "external"]);

function kindOf(mimetype: string | undefined): MediaRef["kind"] {
  if (mimetype?.startsWith("image/")) return "photo";
  if (mimetype?.startsWith("audio/")) return "audio";
  if (mimetype?.startsWith("video/")) return "video";
  return "document";
}

function trustedFileUrl(raw: string, apiOrigin: string): boolean {
  try {
    const url = new URL(raw);
    if (url.origin === apiOrigin) return true;
    return url.protocol === "https:" && (url.hostname === "slack.com" || url.hostname.endsWith(".slack.com"));
  } catch {
    return false;
  }
}

/**
 * @example
 * await downloadSlackFile(event.files[0], { botToken, dir: "/tmp/inbox", maxBytes: 20e6, apiOrigin: "https://slack.com" });
 * // → { kind: "document", path: "/tmp/inbox/…-notes.txt", sizeBytes: 10, mimeType: "text/plain" }
 */
export async function downloadSlackFile(file: SlackFile, options: FileDownloadOptions): Promise<MediaRef> {
  const base = { kind: kindOf(file.mimetype), ...(file.mimetype ? { mimeType: file.mimetype } : {}) };
  const tooLarge = `larger than ${options.maxBytes} bytes`;
  if (file.size !== undefined && file.size > options.maxBytes)
    return { ...base, sizeBytes: file.size, skipped: tooLarge };
  const url = file.url_private_download ?? file.url_private;
  if (!url || (file.mode && UNDOWNLOADABLE_MODES.has(file.mode)))
    return { ...base, skipped: `Slack gave no downloadable file (${file.mode ?? "no url"})` };
  if (!trustedFileUrl(url, options.apiOrigin))
    return { ...base, skipped: `refused to send the bot token to ${new URL(url).host}` };
  try {
    const response = await (options.fetch ?? fetch)(url, {
      headers: { authorization: `Bearer ${options.botToken}` },
      redirect: "follow",
    });
    if (!response.ok || !response.body)
      return { ...base, skipped: `download failed: HTTP ${response.status}` };
    const parts: Uint8Array[] = [];
    let size = 0;
    for await (const part of response.body) {
      size += part.byteLength;
      if (size > options.maxBytes) return { ...base, skipped: tooLarge };
      parts.push(part);
    }
    await mkdir(options.dir, { recursive: true });
    const name = (file.name ?? file.id).replace(/[^\w.-]/g, "_").slice(-80);
    const path = join(options.dir, `${Date.now()}-${randomUUID().slice(0, 8)}-${name}`);
    await writeFile(path, Buffer.concat(parts), { mode: 0o600 });
    return { ...base, path, sizeBytes: size };
  } catch (error) {
    return { ...base, skipped: `download failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The reference journalled with the message: everything `fetchDeferredSlackFile` needs, nothing secret. */
export function deferSlackFile(file: SlackFile): MediaRef {
  const remote: Record<string, string | number> = { id: file.id };
  for (const key of ["name", "mimetype", "mode", "url_private", "url_private_download"] as const) {
    const value = file[key];
    if (typeof value === "string") remote[key] = value;
  }
  if (typeof file.size === "number") remote.size = file.size;
  return {
    kind: kindOf(file.mimetype),
    ...(file.mimetype ? { mimeType: file.mimetype } : {}),
    ...(file.size !== undefined ? { sizeBytes: file.size } : {}),
    remote,
  };
}

/**
 * Downloads a file from its journalled reference; never throws (a failure is `skipped`).
 * @example
 * await fetchDeferredSlackFile(row.media[0], { botToken, dir: "/tmp/inbox", maxBytes: 20e6, apiOrigin: "https://slack.com" });
 */
export async function fetchDeferredSlackFile(ref: MediaRef, options: FileDownloadOptions): Promise<MediaRef> {
  const remote = ref.remote ?? {};
  const text = (key: string) => (typeof remote[key] === "string" ? (remote[key] as string) : undefined);
  const id = text("id");
  if (!id) return { kind: ref.kind, skipped: "the stored file reference has no Slack file id" };
  const file: SlackFile = { id };
  for (const key of ["name", "mimetype", "mode", "url_private", "url_private_download"] as const) {
    const value = text(key);
    if (value !== undefined) file[key] = value;
  }
  if (typeof remote.size === "number") file.size = remote.size;
  return downloadSlackFile(file, options);
}

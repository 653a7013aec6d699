/**
 * Reads a built static site into memory once: each file with its content type, ETag and (for
 * text) a gzip body, so serving is a map lookup — no path ever reaches the file system, which is
 * what makes directory traversal impossible rather than merely checked.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { CONTENT_TYPES, isCompressible } from "./content-types.js";

export interface SiteFile {
  body: Buffer;
  gzip?: Buffer;
  contentType: string;
  etag: string;
  /** Content-hashed names (`app-3F2A9C1B.js`) never change: cache them for a year. */
  immutable: boolean;
}

/** A site bigger than this is not a control UI; refuse it instead of holding it in memory. */
const MAX_SITE_BYTES = 32 * 1024 * 1024;
const HASHED_NAME = /[-.][A-Za-z0-9_]{8,}\.(js|css|mjs|woff2|png|svg|webp)$/;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * Loads every servable file under `root`, keyed by URL path (`/index.html`, `/assets/app.js`).
 * A precompressed `name.gz` next to a file is used as its gzip body; otherwise text is gzipped here.
 *
 * @example
 * const files = await loadSiteFiles("/usr/lib/node_modules/@claw/control-ui/dist/app");
 * files.get("/index.html")?.contentType; // "text/html; charset=utf-8"
 */
export async function loadSiteFiles(root: string): Promise<Map<string, SiteFile>> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory())
    throw new Error(`control UI: ${root} is not a directory; build @claw/control-ui or set its path`);
  const paths = await listFiles(root);
  const present = new Set(paths);
  const files = new Map<string, SiteFile>();
  let total = 0;
  for (const path of paths) {
    const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
    if (contentType === undefined) continue;
    const body = await readFile(path);
    total += body.length;
    if (total > MAX_SITE_BYTES)
      throw new Error(`control UI: ${root} holds more than ${MAX_SITE_BYTES} bytes of assets`);
    const file: SiteFile = {
      body,
      contentType,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
      immutable: HASHED_NAME.test(path),
    };
    if (present.has(`${path}.gz`)) file.gzip = await readFile(`${path}.gz`);
    else if (isCompressible(contentType) && body.length > 512) file.gzip = gzipSync(body, { level: 9 });
    files.set(`/${relative(root, path).split(sep).join("/")}`, file);
  }
  if (!files.has("/index.html")) throw new Error(`control UI: ${root} has no index.html`);
  return files;
}

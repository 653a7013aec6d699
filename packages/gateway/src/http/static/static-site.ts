/**
 * Serves a built static web app (the Control UI) on the gateway's port: GET/HEAD only, files
 * from memory (see site-files.ts), a strict Content-Security-Policy, gzip when the browser takes
 * it, ETags, and the WebSocket's Origin rule — a page from a foreign origin gets nothing.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAllowedOrigin } from "../../auth/origin.js";
import type { GatewayContext } from "../../context.js";
import { loadSiteFiles, type SiteFile } from "./site-files.js";

export interface StaticSiteOptions {
  /** The built app: a directory with index.html (e.g. `controlUiAssetsDir()` of @claw/control-ui). */
  root: string;
  /** Where the app is mounted, default "/". Paths under it that name no file get index.html. */
  basePath?: string;
}

export interface StaticSite {
  /** True for requests this site answers (under its base path, outside the `/v1/` API). */
  handles(req: IncomingMessage): boolean;
  serve(ctx: GatewayContext, req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Scripts and styles only from the gateway itself, sockets only back to it, no frames, no
 * plugins, no inline code: model text that slips through as markup still cannot run.
 */
export const CONTROL_UI_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "content-security-policy": CONTROL_UI_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

function normalizeBase(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function plain(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8", ...headers });
  res.end(`${message}\n`);
}

/** The site-relative path of a request, or an error for a path that cannot name a file. */
function sitePath(pathname: string, base: string): { path: string } | { error: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { error: "malformed percent-encoding in the path" };
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return { error: "invalid character in the path" };
  const rest = base === "/" ? decoded : decoded.slice(base.length);
  const segments = rest.split("/");
  if (segments.some((s) => s === ".." || s === ".")) return { error: "dot segments are not allowed" };
  const path = rest === "" || rest === "/" ? "/index.html" : rest.startsWith("/") ? rest : `/${rest}`;
  return { path };
}

function accepted(file: SiteFile, req: IncomingMessage): boolean {
  const match = req.headers["if-none-match"];
  return match?.split(",").some((tag) => tag.trim() === file.etag) ?? false;
}

function send(req: IncomingMessage, res: ServerResponse, file: SiteFile, isFallback: boolean): void {
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    "content-type": file.contentType,
    etag: file.etag,
    "cache-control": file.immutable && !isFallback ? "public, max-age=31536000, immutable" : "no-cache",
  };
  if (file.gzip) headers.vary = "accept-encoding";
  if (accepted(file, req)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const gzip = file.gzip !== undefined && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
  const body = gzip ? (file.gzip ?? file.body) : file.body;
  if (gzip) headers["content-encoding"] = "gzip";
  headers["content-length"] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Loads the app once and answers its requests.
 *
 * @example
 * const site = await createStaticSite({ root: controlUiAssetsDir() });
 * http.on("request", (req, res) => site.handles(req) ? site.serve(ctx, req, res) : api(req, res));
 */
export async function createStaticSite(options: StaticSiteOptions): Promise<StaticSite> {
  const files = await loadSiteFiles(options.root);
  const base = normalizeBase(options.basePath ?? "/");
  const index = files.get("/index.html") as SiteFile;
  const pathnameOf = (req: IncomingMessage) => new URL(req.url ?? "/", "http://x").pathname;
  return {
    handles(req) {
      const pathname = pathnameOf(req);
      if (pathname === "/v1" || pathname.startsWith("/v1/")) return false;
      return base === "/" || pathname === base || pathname.startsWith(`${base}/`);
    },
    serve(ctx, req, res) {
      const origin = req.headers.origin;
      // The WebSocket's rule: a page from a foreign origin may not read the app either.
      const crossSite =
        req.headers["sec-fetch-site"] === "cross-site" && req.headers["sec-fetch-mode"] !== "navigate";
      if (!isAllowedOrigin(origin, ctx.allowedOrigins) || crossSite) {
        ctx.logger.warn("gateway: control UI request from a foreign origin refused", { origin });
        return plain(
          res,
          403,
          `origin ${origin ?? "(cross-site)"} is not allowed; add it to gateway.allowedOrigins`,
        );
      }
      if (req.method !== "GET" && req.method !== "HEAD")
        return plain(res, 405, `use GET: the control UI is static files`, { allow: "GET, HEAD" });
      const target = sitePath(pathnameOf(req), base);
      if ("error" in target) return plain(res, 400, `bad path: ${target.error}`);
      const file = files.get(target.path);
      if (file) return send(req, res, file, false);
      // A route of the app (`/sessions`), not a file: the app answers it. A missing file is 404.
      if (!/\.[A-Za-z0-9]+$/.test(target.path)) return send(req, res, index, true);
      plain(res, 404, `no file ${target.path} in the control UI`);
    },
  };
}

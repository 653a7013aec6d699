import { type TypedTool, textResult } from "@claw/agent-core";
import type TurndownService from "turndown";
import { Type } from "typebox";
import { looksBinary, truncateMiddle } from "../shared/truncate.js";
import { BlockedAddressError, type GuardedResponse, guardedGet } from "./guarded-request.js";
import { wrapUntrusted } from "./untrusted.js";

const WebFetchParams = Type.Object({
  url: Type.String({ description: "http(s) URL to fetch." }),
  maxChars: Type.Optional(Type.Integer({ minimum: 100, maximum: 200_000 })),
});

export interface WebFetchOptions {
  /** Whole fetch, redirects and body included (default 20 s). */
  timeoutMs?: number;
  maxBytes?: number;
  maxChars?: number;
  /** Hosts that may be private or loopback (`tools.web.allowPrivate`); every other one must be public. */
  allowPrivate?: readonly string[];
  /** Redirect hops followed, each checked like the first (default 5). */
  maxRedirects?: number;
}

/**
 * `web_fetch`: HTTP GET → readable markdown (HTML) or text, with size and time caps; only public
 * addresses (see `blockedAddressReason`), and the content is marked as untrusted for the model.
 */
export function createWebFetchTool(options: WebFetchOptions = {}): TypedTool<typeof WebFetchParams> {
  return {
    name: "web_fetch",
    label: "Fetch web page",
    description: "Fetch a URL and return its content as markdown (HTML) or text.",
    parameters: WebFetchParams,
    async execute({ url, maxChars }, { signal }) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new Error(`"${url}" is not a valid URL.`);
      }
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
        throw new Error(`Only http and https URLs can be fetched, not ${parsed.protocol}`);
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
      const failed = (error: Error) => {
        if (error instanceof BlockedAddressError) throw error;
        throw new Error(
          timeout.aborted ? `Fetching ${url} timed out.` : `Fetching ${url} failed: ${error.message}`,
        );
      };
      const response = await guardedGet(parsed, {
        signal: AbortSignal.any([signal, timeout]),
        headers: { accept: "text/html, text/plain, application/json;q=0.9, */*;q=0.5" },
        allowPrivate: options.allowPrivate,
        maxRedirects: options.maxRedirects,
      }).catch(failed);
      const type = response.header("content-type") ?? "";
      // Binary (declared or sniffed) is described, never dumped: its bytes would only be mojibake.
      const declaredBinary = type !== "" && !TEXT_TYPE.test(type);
      if (declaredBinary) response.body.destroy();
      const body = declaredBinary
        ? { text: "", bytes: Buffer.alloc(0), cut: false }
        : await readCapped(response, options.maxBytes ?? 5 * 1024 * 1024).catch(failed);
      if (declaredBinary || looksBinary(body.bytes)) {
        const declaredSize = response.header("content-length");
        const size = declaredSize
          ? `${declaredSize} bytes`
          : declaredBinary
            ? "size unknown"
            : `${body.bytes.byteLength}${body.cut ? "+" : ""} bytes`;
        throw new Error(
          `${url} returned ${type || "untyped"} binary content (${size}, HTTP ${response.status}); web_fetch only returns text, HTML or JSON.`,
        );
      }
      const text = /html/i.test(type) ? await htmlToMarkdown(body.text) : body.text;
      const out = truncateMiddle(text, { max: maxChars ?? options.maxChars ?? 30_000, headRatio: 0.8 });
      const note = body.cut ? "\n[response cut at the size limit]" : "";
      const wrapped = wrapUntrusted(`${out.text}${note}`, response.url);
      const result = textResult(wrapped, { status: response.status, contentType: type, url: response.url });
      return response.ok
        ? result
        : {
            ...result,
            isError: true,
            content: [{ type: "text", text: `HTTP ${response.status} from ${url}\n${wrapped}` }],
          };
    },
  };
}

/** Content types shown as text; anything else is described, never dumped. */
const TEXT_TYPE =
  /^\s*(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|ecmascript|x-www-form-urlencoded|yaml|x-yaml|toml|x-ndjson)\b)/i;

async function readCapped(
  response: GuardedResponse,
  maxBytes: number,
): Promise<{ text: string; bytes: Buffer; cut: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let cut = false;
  for await (const chunk of response.body) {
    const value = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += value.byteLength;
    chunks.push(value);
    if (size > maxBytes) {
      cut = true;
      response.body.destroy();
      break;
    }
  }
  const bytes = Buffer.concat(chunks).subarray(0, maxBytes);
  return { text: bytes.toString("utf8"), bytes, cut };
}

let turndown: Promise<TurndownService> | undefined;

/** HTML → markdown without scripts, styles or frames (turndown loads on first use). */
export async function htmlToMarkdown(html: string): Promise<string> {
  turndown ??= import("turndown").then(({ default: Turndown }) =>
    new Turndown({ headingStyle: "atx", codeBlockStyle: "fenced" }).remove([
      "script",
      "style",
      "noscript",
      "iframe",
      "svg",
    ]),
  );
  return (await turndown)
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

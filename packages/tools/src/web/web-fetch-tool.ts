import { type AgentTool, textResult } from "@claw/agent-core";
import type TurndownService from "turndown";
import { Type } from "typebox";
import { truncateMiddle } from "../shared/truncate.js";

const WebFetchParams = Type.Object({
  url: Type.String({ description: "http(s) URL to fetch." }),
  maxChars: Type.Optional(Type.Integer({ minimum: 100, maximum: 200_000 })),
});

export interface WebFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxChars?: number;
  fetch?: typeof fetch;
}

/** `web_fetch`: HTTP GET → readable markdown (HTML) or text, with size and time caps. */
export function createWebFetchTool(options: WebFetchOptions = {}): AgentTool<typeof WebFetchParams> {
  const doFetch = options.fetch ?? fetch;
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
      const response = await doFetch(parsed, {
        signal: AbortSignal.any([signal, timeout]),
        redirect: "follow",
        headers: { accept: "text/html, text/plain, application/json;q=0.9, */*;q=0.5" },
      }).catch((error: Error) => {
        throw new Error(
          timeout.aborted ? `Fetching ${url} timed out.` : `Fetching ${url} failed: ${error.message}`,
        );
      });
      const body = await readCapped(response, options.maxBytes ?? 5 * 1024 * 1024);
      const type = response.headers.get("content-type") ?? "";
      const text = /html/i.test(type) ? await htmlToMarkdown(body.text) : body.text;
      const out = truncateMiddle(text, { max: maxChars ?? options.maxChars ?? 30_000, headRatio: 0.8 });
      const note = body.cut ? "\n[response cut at the size limit]" : "";
      const result = textResult(`${out.text}${note}`, {
        status: response.status,
        contentType: type,
        url: response.url,
      });
      return response.ok
        ? result
        : {
            ...result,
            isError: true,
            content: [{ type: "text", text: `HTTP ${response.status} from ${url}\n${out.text}` }],
          };
    },
  };
}

async function readCapped(response: Response, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: "", cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    chunks.push(value);
    if (size > maxBytes) {
      cut = true;
      await reader.cancel();
      break;
    }
  }
  return { text: Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8"), cut };
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

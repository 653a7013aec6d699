/** `open` (a new tab) and `navigate` (the active tab): the URL is judged by the guard first. */
import type { Page, Request } from "playwright-core";
import { required } from "../browser-params.js";
import {
  type ActionHandler,
  type BrowserSession,
  DEFAULT_TIMEOUT_MS,
  isTimeout,
  ownResult,
} from "../session.js";

export const open: ActionHandler = async (args, session) => {
  const url = await checkedUrl(required(args, "url"), session);
  const page = await session.browser.newTab();
  return go(page, url, args.timeoutMs, session);
};

export const navigate: ActionHandler = async (args, session) => {
  const url = await checkedUrl(required(args, "url"), session);
  return go(await session.browser.activeTab(), url, args.timeoutMs, session);
};

async function checkedUrl(text: string, session: BrowserSession): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"${text}" is not a valid URL; give a full http(s) URL such as https://example.com/.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`Only http and https URLs can be opened, not ${url.protocol}`);
  const reason = await session.browser.judge(url);
  if (reason) throw refusal(url.href, reason);
  return url.href;
}

class RefusedError extends Error {
  override name = "RefusedError";
}

/** The proxy names https targets as host:port, http ones as full URLs. */
function sameTarget(blocked: string, hop: string): boolean {
  const url = new URL(hop);
  return blocked === hop || (url.protocol === "https:" && blocked === `${url.hostname}:${url.port || 443}`);
}

function refusal(url: string, reason: string): RefusedError {
  return new RefusedError(
    `Refused to open ${url}: ${reason} is not a public address. Add the host to tools.web.allowPrivate to allow it.`,
  );
}

async function go(page: Page, url: string, timeoutMs: number | undefined, session: BrowserSession) {
  const timeout = timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tab = session.browser.tabId(page);
  // Every hop of this navigation (redirects are separate requests), to match the guard's refusals.
  const hops: string[] = [];
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) hops.push(request.url());
  };
  session.browser.takeBlocked();
  page.on("request", onRequest);
  try {
    const response = await page.goto(url, { timeout, waitUntil: "domcontentloaded" });
    // A hop the guard refused arrives as the proxy's 403 page (http) or a failed tunnel (https).
    const refused = refusedHop(session, hops);
    if (refused) throw refused;
    const status = response ? ` (HTTP ${response.status()})` : "";
    return ownResult(
      `Tab ${tab} opened ${page.url()}${status}. Take a snapshot to see the page and its element refs.`,
      { tab, url: page.url(), status: response?.status() },
    );
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    const refused = refusedHop(session, hops);
    if (refused) throw refused;
    if (isTimeout(error))
      throw new Error(
        `Opening ${url} timed out after ${timeout} ms (the page did not load). Tab ${tab} stays open: take a snapshot to see what arrived, or try later.`,
      );
    throw new Error(
      `Opening ${url} failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
    );
  } finally {
    page.off("request", onRequest);
  }
}

/** The guard's refusal of one of the navigation's hops, as the error to report. */
function refusedHop(session: BrowserSession, hops: readonly string[]): RefusedError | undefined {
  const blocked = session.browser.takeBlocked().find((b) => hops.some((hop) => sameTarget(b.url, hop)));
  return blocked ? refusal(blocked.url, blocked.reason) : undefined;
}

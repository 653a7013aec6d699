/** `wait`: for text to appear, a ref to become visible, the URL to change, or the page to load. */
import type { Page } from "playwright-core";
import { resolveRef, StaleRefError } from "../../snapshot/page-snapshot.js";
import { type ActionHandler, DEFAULT_TIMEOUT_MS, isTimeout, ownResult } from "../session.js";

const REF_POLL_MS = 100;

export const wait: ActionHandler = async (args, session) => {
  const page = await session.browser.activeTab();
  const timeout = args.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const { text, ref, url } = args;
  const what = text
    ? `text ${JSON.stringify(text)}`
    : ref
      ? `ref ${ref}`
      : url
        ? `a URL containing "${url}"`
        : "the page to load";
  try {
    if (text) await page.getByText(text).first().waitFor({ state: "visible", timeout });
    else if (ref) await waitForRef(page, ref, timeout);
    else if (url) await page.waitForURL((current) => current.href.includes(url), { timeout });
    else await page.waitForLoadState("load", { timeout });
  } catch (error) {
    if (isTimeout(error))
      throw new Error(
        `Waited ${timeout} ms for ${what} on ${page.url()}; it did not happen. Take a snapshot to see the page.`,
      );
    throw error;
  }
  return ownResult(`Done waiting for ${what}; the tab is at ${page.url()}.`, { url: page.url() });
};

/** Refs live in the page, so waiting for one is polling: present and visible, or timed out. */
async function waitForRef(page: Page, ref: string, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      const element = await resolveRef(page, ref);
      const visible = await element.isVisible();
      await element.dispose();
      if (visible) return;
    } catch (error) {
      if (!(error instanceof StaleRefError)) throw error;
    }
    if (Date.now() >= deadline) {
      const timedOut = new Error(`ref ${ref}`);
      timedOut.name = "TimeoutError";
      throw timedOut;
    }
    await page.waitForTimeout(REF_POLL_MS);
  }
}

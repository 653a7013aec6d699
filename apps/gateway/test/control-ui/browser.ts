/**
 * Real Chromium (Debian's /usr/bin/chromium through playwright-core) for the Control UI tests:
 * one browser per test file, every request URL, WebSocket URL and console line recorded so the
 * security tests can look for the token in them, and screenshots saved as test artifacts.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildControlUi } from "@claw/control-ui/build";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.CLAW_CHROMIUM ?? "/usr/bin/chromium";
/** Where screenshots go (gitignored): packages/control-ui/artifacts/. */
export const ARTIFACTS = fileURLToPath(
  new URL("../../../../packages/control-ui/artifacts/", import.meta.url),
);
/** A non-loopback name the browser resolves to 127.0.0.1, for a page from a foreign origin. */
export const FOREIGN_HOST = "evil.test";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Builds the app into a temporary directory (what the gateway then serves). */
export async function buildAppOnce(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "claw-ui-"));
  await buildControlUi({ outDir, minify: true });
  return outDir;
}

export interface Recorder {
  /** Every request URL and WebSocket URL the pages opened. */
  urls: string[];
  /** Every console line and page error. */
  console: string[];
}

export async function launch(): Promise<{ browser: Browser; recorder: Recorder }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      `--host-resolver-rules=MAP ${FOREIGN_HOST} 127.0.0.1`,
    ],
  });
  return { browser, recorder: { urls: [], console: [] } };
}

/** A page of its own context (its own storage) with its traffic recorded. */
export async function openPage(browser: Browser, recorder: Recorder, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("request", (request) => recorder.urls.push(request.url()));
  page.on("websocket", (socket) => recorder.urls.push(socket.url()));
  page.on("console", (message) => recorder.console.push(message.text()));
  page.on("pageerror", (error) => recorder.console.push(`pageerror: ${error.message}`));
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}

/** Signs in through the form, as a person would. */
export async function signIn(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel("Gateway token").fill(token);
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
}

/**
 * Browser costs, with the real system Chromium. Snapshot of a 2,000-element page: budget ≤ 4,000
 * tokens and ≤ 300 ms (baseline: one `page.evaluate` round trip). Cold start to the first
 * snapshot ≤ 2 s (baseline: a bare playwright-core launch to about:blank, no profile or guard).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report, suite } from "@claw/bench-harness";
import { chromium } from "playwright-core";
import { BrowserManager, locateChromium, snapshotPage } from "../src/index.js";

/** A page of 2,000 elements: navigation, a long table with buttons, a form and text. */
function bigPage(divisor = 1): string {
  const links = Array.from(
    { length: 100 / divisor },
    (_, i) => `<li><a href="/section/${i}">Section ${i}</a></li>`,
  ).join("");
  const rows = Array.from(
    { length: 300 / divisor },
    (_, i) =>
      `<tr><td>Order ${1000 + i}</td><td>${i % 7} items</td><td><button>Details ${i}</button></td></tr>`,
  ).join("");
  const fields = Array.from(
    { length: 100 / divisor },
    (_, i) => `<label for="f${i}">Field ${i}</label><input id="f${i}" name="f${i}">`,
  ).join("");
  const text = Array.from(
    { length: 100 / divisor },
    (_, i) => `<p>Paragraph ${i} with <b>some</b> text.</p>`,
  ).join("");
  return `<!doctype html><title>Big</title><nav><ul>${links}</ul></nav><main><h1>Orders</h1><table>${rows}</table><form>${fields}<button>Save</button></form>${text}</main>`;
}

/** The same 2,000 elements with a quarter of them in each of four same-origin iframes. */
function framedPage(html: string): string {
  const frame = (i: number) =>
    `<iframe title="Part ${i}" width="800" height="600" srcdoc="${html.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"></iframe>`;
  return `<!doctype html><title>Framed</title><h1>Four frames</h1>${[1, 2, 3, 4].map(frame).join("")}`;
}

const stateDir = mkdtempSync(join(tmpdir(), "claw-browser-bench-"));
const manager = new BrowserManager({ stateDir, idleMs: 0 });
try {
  const html = bigPage();
  const page = await manager.browser("bench").activeTab();
  await page.setContent(html);
  const elements = Number(await page.evaluate("document.body.querySelectorAll('*').length"));
  const framedTab = await manager.browser("bench").newTab();
  // A quarter of the big page in each frame: about the same element count in all.
  await framedTab.setContent(framedPage(bigPage(4)));
  await suite("browser snapshot", {
    baseline: { name: "page.evaluate round trip", fn: () => page.evaluate("1") },
    cases: [
      {
        name: `snapshot of a ${elements}-element page (default budget)`,
        fn: () => snapshotPage(page),
        target: { maxMedianMs: 300 },
      },
      {
        name: "the same elements, a quarter in each of four iframes",
        fn: () => snapshotPage(framedTab),
        target: { maxMedianMs: 300 },
      },
    ],
    minSamples: 20,
  });
  const snap = await snapshotPage(page);
  const whole = await snapshotPage(page, { maxTokens: 1_000_000 });
  report("browser snapshot", `tokens of that snapshot (whole page: ${whole.tokens})`, snap.tokens, "tokens", {
    target: { max: 4_000 },
  });
  const framed = await snapshotPage(framedTab);
  report("browser snapshot", "tokens of the four-iframe snapshot", framed.tokens, "tokens", {
    target: { max: 4_000 },
  });
  await manager.close();

  const executablePath = await locateChromium();
  const bare = async () => {
    const started = performance.now();
    const browser = await chromium.launch({ executablePath, headless: true });
    const blank = await browser.newPage();
    await blank.goto("about:blank");
    const ms = performance.now() - started;
    await browser.close();
    return ms;
  };
  const cold = async (n: number) => {
    const fresh = new BrowserManager({ stateDir, idleMs: 0 });
    const started = performance.now();
    const tab = await fresh.browser(`cold-${n}`).activeTab();
    await tab.setContent(html);
    await snapshotPage(tab);
    const ms = performance.now() - started;
    await fresh.close();
    return ms;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const bareMs: number[] = [];
  const coldMs: number[] = [];
  for (let n = 0; n < 5; n++) {
    bareMs.push(await bare());
    coldMs.push(await cold(n));
  }
  report(
    "browser cold start",
    "cold start to first snapshot (profile, guard proxy, 2,000 elements)",
    median(coldMs),
    "ms",
    {
      baseline: { name: "bare playwright launch to about:blank", value: median(bareMs) },
      target: { max: 2_000 },
    },
  );
} finally {
  await manager.close();
  rmSync(stateDir, { recursive: true, force: true });
}

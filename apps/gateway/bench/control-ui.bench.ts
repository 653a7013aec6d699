/**
 * The Control UI in Chromium on loopback: page weight (JS/CSS gzip, budget 150 KB of JS), first
 * paint of the app against a bare HTML page from a plain Node server (budget 300 ms), time to
 * first token in the page against the same turn through the Node client, and the page's JS heap
 * after streaming a 100-message session against the heap of the signed-in empty page.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report } from "@claw/bench-harness";
import { ClawClient } from "@claw/client";
import { validateConfig } from "@claw/config";
import { buildControlUi, JS_GZIP_BUDGET_BYTES } from "@claw/control-ui/build";
import { createFauxProvider } from "@claw/providers";
import { type Browser, chromium, type Page } from "playwright-core";
import { startClaw } from "../src/index.js";

const SUITE = "control ui";
const CHROMIUM = process.env.CLAW_CHROMIUM ?? "/usr/bin/chromium";
const LOADS = 10;
/** 50 turns: a 100-message session (fewer with CLAW_BENCH_UI_TURNS on a busy machine). */
const TURNS = Number(process.env.CLAW_BENCH_UI_TURNS ?? 50);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const outDir = mkdtempSync(join(tmpdir(), "claw-ui-bench-"));
const build = await buildControlUi({ outDir });
report(SUITE, "page JS (gzip)", build.jsGzipBytes / 1024, "KB", {
  target: { max: JS_GZIP_BUDGET_BYTES / 1024 },
});
report(SUITE, "page CSS (gzip)", build.cssGzipBytes / 1024, "KB");

if (!existsSync(CHROMIUM)) {
  console.error(`control ui bench: no Chromium at ${CHROMIUM}; paint, token and memory figures skipped`);
  process.exit(0);
}

const faux = createFauxProvider([], { provider: "faux", whenExhausted: "repeat-last", recordCalls: false });
faux.push({
  text: `A streamed answer with **markdown** and code:\n\n\`\`\`js\nconst x = 1;\n\`\`\`\n${"more words ".repeat(30)}`,
});
const home = mkdtempSync(join(tmpdir(), "claw-ui-bench-home-"));
const checked = validateConfig({ agents: { defaults: { model: "faux/faux-1" } } });
if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
const claw = await startClaw({
  config: checked.config,
  stateDir: join(home, ".claw"),
  configPath: join(home, ".claw", "claw.json"),
  homeDir: home,
  env: {},
  port: 0,
  models: [faux.model],
  stream: faux.stream,
  watchSkills: false,
  watchConfig: false,
  controlUiRoot: outDir,
});
const origin = `http://127.0.0.1:${claw.port}`;
const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html" });
  res.end("<!doctype html><title>bare</title><p>hello</p>");
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

/** First contentful paint of a fresh page (new context: no cache, no storage). */
async function firstPaint(url: string, ready: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(ready).waitFor();
  const fcp = (await page.evaluate(`new Promise((resolve) => {
    const entry = performance.getEntriesByName("first-contentful-paint")[0];
    if (entry) return resolve(entry.startTime);
    new PerformanceObserver((list) => resolve(list.getEntries()[0]?.startTime ?? Number.NaN)).observe({ type: "paint", buffered: true });
  })`)) as number;
  await context.close();
  return fcp;
}

const barePaints: number[] = [];
const appPaints: number[] = [];
for (let i = 0; i < LOADS; i++) {
  barePaints.push(await firstPaint(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, "p"));
  appPaints.push(await firstPaint(`${origin}/`, "#token"));
}
report(SUITE, "first paint, bare page (baseline)", median(barePaints), "ms");
report(SUITE, "first paint, control UI", median(appPaints), "ms", {
  baseline: { name: "bare page", value: median(barePaints) },
  target: { max: 300 },
});

const context = await browser.newContext();
const page: Page = await context.newPage();
page.on("crash", () => console.error("control ui bench: the page crashed"));
page.on("pageerror", (e) => console.error("control ui bench: page error", e.message));
await page.goto(`${origin}/`);
await page.getByLabel("Gateway token").fill(claw.token ?? "");
await page.getByRole("button", { name: "Connect" }).click();
await page.getByRole("navigation", { name: "Main" }).waitFor();
await page.getByLabel("Message", { exact: true }).waitFor();
const cdp = await context.newCDPSession(page);
async function heapMb(): Promise<number> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  return usedSize / 2 ** 20;
}
const emptyHeap = await heapMb();

const client = new ClawClient({
  url: claw.url,
  token: claw.token,
  reconnect: { enabled: false },
  scopes: ["operator.read", "operator.write"],
});
await client.connect();
async function nodeFirstToken(): Promise<number> {
  const t0 = performance.now();
  const first = new Promise<number>((resolve) => {
    const off = client.on("agent", (event) => {
      if (event.stream === "assistant") {
        off();
        resolve(performance.now() - t0);
      }
    });
  });
  await client.request("chat.send", {
    sessionKey: "agent:main:bench-node",
    message: "hi",
    idempotencyKey: randomUUID(),
  });
  const ms = await first;
  await client.request("agent.wait", { runId: "" }).catch(() => {});
  await new Promise((r) => setTimeout(r, 50));
  return ms;
}

async function pageTurn(index: number): Promise<number> {
  const input = page.getByLabel("Message", { exact: true });
  await input.fill(`question ${index}`);
  // Strings, not functions: the bench runs through tsx, whose helpers do not exist in the page.
  // The list is virtualised (rows come and go), so the first token is the first streaming bubble.
  const t0 = (await page.evaluate(`(() => {
    window.__firstToken = undefined;
    const seen = () => document.querySelector(".msg-assistant.streaming .bubble");
    const observer = new MutationObserver(() => {
      if (seen()) { window.__firstToken = performance.now(); observer.disconnect(); }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    return performance.now();
  })()`)) as number;
  await input.press("Enter");
  // Polled from here: waitForFunction would eval in the page, which its CSP forbids.
  while ((await page.evaluate("window.__firstToken")) === undefined)
    await new Promise((r) => setTimeout(r, 5));
  await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached" });
  await page.locator(".msg-assistant.streaming").waitFor({ state: "detached" });
  return ((await page.evaluate("window.__firstToken")) as number) - t0;
}

const nodeTokens: number[] = [];
const pageTokens: number[] = [];
for (let i = 0; i < 10; i++) nodeTokens.push(await nodeFirstToken());
for (let i = 0; i < TURNS; i++) pageTokens.push(await pageTurn(i));
report(SUITE, "time to first token, Node client (baseline)", median(nodeTokens), "ms");
report(SUITE, "time to first token, control UI", median(pageTokens), "ms", {
  baseline: { name: "Node client", value: median(nodeTokens) },
});
const streamedHeap = await heapMb();
report(SUITE, "page JS heap, signed in (baseline)", emptyHeap, "MB");
report(SUITE, `page JS heap after a ${TURNS * 2}-message session`, streamedHeap, "MB", {
  baseline: { name: "signed in, empty", value: emptyHeap },
  target: { maxRatio: 4 },
});

await client.close();
await browser.close();
bare.close();
await claw.close();

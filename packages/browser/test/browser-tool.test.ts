/**
 * The browser tool against local pages on 127.0.0.1 (allowed by the guard's allowPrivate) with
 * the real system Chromium: one browser for the whole file, closed at the end.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult, ToolExecutionContext } from "@claw/agent-core";
import { unwrapUntrusted } from "@claw/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserArgs, BrowserManager, createBrowserTool } from "../src/index.js";
import { type LocalSite, startLocalSite } from "./local-site.js";

let site: LocalSite;
let manager: BrowserManager;
let workspaceDir: string;
let stateDir: string;
const context: ToolExecutionContext = {
  toolCallId: "t",
  signal: new AbortController().signal,
  agentId: "tester",
};

beforeAll(async () => {
  site = await startLocalSite();
  stateDir = mkdtempSync(join(tmpdir(), "claw-browser-state-"));
  workspaceDir = mkdtempSync(join(tmpdir(), "claw-browser-ws-"));
  manager = new BrowserManager({ stateDir, allowPrivate: ["127.0.0.1"], maxDownloadBytes: 1024 });
});

afterAll(async () => {
  await manager.close();
  await site.close();
  await rm(stateDir, { recursive: true, force: true });
  await rm(workspaceDir, { recursive: true, force: true });
});

const tool = (extra: Partial<Parameters<typeof createBrowserTool>[0]> = {}) =>
  createBrowserTool({ manager, workspaceDir, ...extra });
const run = (args: BrowserArgs, options?: Partial<Parameters<typeof createBrowserTool>[0]>) =>
  tool(options).execute(args, context);
const text = (result: AgentToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : `[image ${c.mimeType}]`)).join("\n");
/** The ref on the snapshot line that contains `label`. */
const refOf = (snapshot: string, label: string) => {
  const line = snapshot.split("\n").find((l) => l.includes(label) && l.includes("[ref="));
  const ref = line && /\[ref=(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ref for ${label} in:\n${snapshot}`);
  return ref;
};

describe("browser tool", () => {
  it("fills and submits a form by refs, with the page wrapped as untrusted", async () => {
    await run({ action: "navigate", url: `${site.origin}/form` });
    const snap = text(await run({ action: "snapshot" }));
    const inner = unwrapUntrusted(snap) ?? "";
    expect(inner).toContain('heading "Sign up" [level=1]');
    expect(snap).toContain("untrusted");
    await run({ action: "type", ref: refOf(inner, 'textbox "Name"'), text: "Ada" });
    await run({ action: "select", ref: refOf(inner, "combobox"), values: ["Green"] });
    await run({ action: "click", ref: refOf(inner, 'checkbox "I agree"') });
    // Refs stay the same across snapshots of the same document.
    const again = unwrapUntrusted(text(await run({ action: "snapshot" }))) ?? "";
    expect(refOf(again, 'textbox "Name"')).toBe(refOf(inner, 'textbox "Name"'));
    expect(again).toContain('value="Ada"');
    await run({ action: "click", ref: refOf(inner, 'button "Send"') });
    await run({ action: "wait", text: "Thanks, Ada!" });
    expect(new URLSearchParams(site.posts.get("/submit")?.toString())).toEqual(
      new URLSearchParams({ name: "Ada", color: "g", agree: "yes" }),
    );
    await expect(run({ action: "click", ref: refOf(inner, 'button "Send"') })).rejects.toThrow(
      /not on the page any more/,
    );
  });

  it("follows a link into a second tab, lists, switches and closes tabs", async () => {
    await run({ action: "open", url: `${site.origin}/tabs` });
    const snap = unwrapUntrusted(text(await run({ action: "snapshot" }))) ?? "";
    await run({ action: "click", ref: refOf(snap, 'link "Open second"') });
    await run({ action: "wait", text: "Open second" });
    const browser = manager.browser("tester");
    await expect
      .poll(async () => (await browser.tabs()).some((t) => t.url.endsWith("/second")), { timeout: 10_000 })
      .toBe(true);
    const second = (await browser.tabs()).find((t) => t.url.endsWith("/second"));
    expect(text(await run({ action: "tabs" }))).toContain(`${second?.id}  ${site.origin}/second`);
    await run({ action: "tabs", op: "switch", tab: second?.id });
    expect(unwrapUntrusted(text(await run({ action: "snapshot" })))).toContain('heading "Second page"');
    const before = (await browser.tabs()).length;
    await run({ action: "tabs", op: "close", tab: second?.id });
    expect((await browser.tabs()).length).toBe(before - 1);
    await expect(run({ action: "tabs", op: "switch", tab: second?.id })).rejects.toThrow(/No open tab/);
  });

  it("uploads a workspace file and refuses paths outside the workspace", async () => {
    writeFileSync(join(workspaceDir, "notes.txt"), "uploaded body 42");
    await run({ action: "navigate", url: `${site.origin}/upload` });
    const snap = unwrapUntrusted(text(await run({ action: "snapshot" }))) ?? "";
    const input = refOf(snap, '"Document"');
    await expect(run({ action: "upload", ref: input, paths: ["../../etc/passwd"] })).rejects.toThrow(
      /outside the workspace/,
    );
    await expect(run({ action: "upload", ref: input, paths: ["missing.txt"] })).rejects.toThrow(/not a file/);
    await run({ action: "upload", ref: input, paths: ["notes.txt"] });
    await run({ action: "click", ref: refOf(snap, 'button "Upload"') });
    await run({ action: "wait", text: "Received" });
    const body = site.posts.get("/uploaded")?.toString() ?? "";
    expect(body).toContain('filename="notes.txt"');
    expect(body).toContain("uploaded body 42");
  });

  it("refuses disallowed hosts for navigations, redirects and subresources", async () => {
    await expect(run({ action: "navigate", url: `http://localhost:${site.port}/form` })).rejects.toThrow(
      /Refused to open .*localhost.*loopback/,
    );
    await expect(run({ action: "navigate", url: "http://10.1.2.3/" })).rejects.toThrow(
      /private \(10\.1\.2\.3\)/,
    );
    await expect(run({ action: "navigate", url: "file:///etc/passwd" })).rejects.toThrow(
      /Only http and https/,
    );
    await expect(run({ action: "navigate", url: `${site.origin}/redirect-out` })).rejects.toThrow(
      /Refused to open http:\/\/localhost.*loopback/,
    );
    await run({ action: "navigate", url: `${site.origin}/leaky` });
    await run({ action: "wait" });
    const network = text(await run({ action: "network" }));
    expect(network).toMatch(/localhost:\d+\/pixel .*BLOCKED: localhost resolves to loopback/);
    expect(site.requested).not.toContain("/pixel");
  });

  it("sees and clicks controls inside an open shadow root", async () => {
    await run({ action: "navigate", url: `${site.origin}/shadow` });
    const snap = unwrapUntrusted(text(await run({ action: "snapshot" }))) ?? "";
    await run({ action: "click", ref: refOf(snap, 'button "Add one"') });
    expect(unwrapUntrusted(text(await run({ action: "snapshot" })))).toContain("text: 1");
  });

  it("times out a page that never answers", async () => {
    const started = Date.now();
    await expect(run({ action: "navigate", url: `${site.origin}/hang`, timeoutMs: 800 })).rejects.toThrow(
      /timed out after 800 ms/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(run({ action: "wait", text: "never there", timeoutMs: 300 })).rejects.toThrow(
      /Waited 300 ms/,
    );
  });

  it("saves downloads into the workspace under the size limit, with a safe name", async () => {
    await run({ action: "navigate", url: `${site.origin}/form` });
    const page = await manager.browser("tester").activeTab();
    await page.evaluate(
      `Object.assign(document.body.appendChild(document.createElement("a")), { href: "/download", download: "" }).click()`,
    );
    const saved = async () => (await readdir(join(workspaceDir, "downloads")).catch(() => []))[0];
    await expect.poll(saved, { timeout: 10_000 }).toMatch(/^[^/]*report\.txt$/);
    const name = (await saved()) ?? "";
    expect(readFileSync(join(workspaceDir, "downloads", name), "utf8")).toBe("report body");
    expect(text(await run({ action: "network" }))).toContain(`saved to downloads/${name}`);
    await page.evaluate(
      `Object.assign(document.body.appendChild(document.createElement("a")), { href: "/big-download", download: "" }).click()`,
    );
    await expect
      .poll(async () => text(await run({ action: "network" })))
      .toContain("not saved: 4096 bytes is over the 1024-byte download limit");
    expect(await readdir(join(workspaceDir, "downloads"))).toEqual([name]);
  });

  it("cancels a download that grows past the size limit while it runs, and keeps nothing of it", async () => {
    await run({ action: "navigate", url: `${site.origin}/form` });
    const page = await manager.browser("tester").activeTab();
    const before = await readdir(join(workspaceDir, "downloads")).catch(() => []);
    await page.evaluate(
      `Object.assign(document.body.appendChild(document.createElement("a")), { href: "/endless-download", download: "" }).click()`,
    );
    await expect
      .poll(async () => text(await run({ action: "network" })), { timeout: 15_000 })
      .toMatch(/endless-download: not saved: cancelled at \d+ bytes: over the 1024-byte download limit/);
    expect(await readdir(join(workspaceDir, "downloads")).catch(() => [])).toEqual(before);
    await expect
      .poll(() => readdir(join(stateDir, "browser", "tester", "downloads-tmp")), { timeout: 10_000 })
      .toEqual([]);
  });

  it("keeps evaluate off unless policy allows it, and refuses sandboxed sessions", async () => {
    await expect(run({ action: "evaluate", expression: "1 + 1" })).rejects.toThrow(/switched off by policy/);
    const result = await run({ action: "evaluate", expression: "document.title" }, { allowEvaluate: true });
    expect(unwrapUntrusted(text(result))).toBe('"Sign up"');
    await expect(
      run({ action: "snapshot" }, { refuseSession: () => "the browser does not run in sandboxed sessions" }),
    ).rejects.toThrow(/sandboxed sessions/);
  });

  it("asks for approval of high-risk actions when tools.browser.ask says so", async () => {
    const asked: string[] = [];
    const approve = async (request: { action: string; detail: string }) => {
      asked.push(`${request.action}: ${request.detail}`);
      return false;
    };
    await expect(
      run({ action: "evaluate", expression: "1" }, { allowEvaluate: true, ask: "high", approve }),
    ).rejects.toThrow(/was not approved/);
    await run({ action: "snapshot" }, { ask: "high", approve });
    await expect(run({ action: "navigate", url: `${site.origin}/form` }, { ask: "always" })).rejects.toThrow(
      /no one can approve here/,
    );
    expect(asked).toEqual(["evaluate: 1"]);
  });
});

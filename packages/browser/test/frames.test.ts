/**
 * Snapshots that read iframes, with the real system Chromium against local pages: a same-origin
 * frame and a cross-origin one (another port: the parent's scripts cannot read it) are listed under
 * their iframe lines with path refs that click and type inside the frame; a frame on a host the
 * address guard refuses is shown as blocked and its content is never read.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult, ToolExecutionContext } from "@claw/agent-core";
import { unwrapUntrusted } from "@claw/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserArgs, BrowserManager, createBrowserTool } from "../src/index.js";

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

/** A page server on 127.0.0.1:<port>; `pages` maps a path to its body. */
async function serve(
  pages: (port: number) => Record<string, string>,
): Promise<{ server: Server; port: number }> {
  let port = 0;
  const server = createServer((req, res) => {
    const body = pages(port)[new URL(req.url ?? "/", "http://x").pathname];
    res.writeHead(body === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
    res.end(body ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  return { server, port };
}

let outer: { server: Server; port: number };
let foreign: { server: Server; port: number };
let manager: BrowserManager;
let stateDir: string;
let workspaceDir: string;
const context: ToolExecutionContext = { toolCallId: "t", signal: new AbortController().signal, agentId: "t" };

beforeAll(async () => {
  foreign = await serve(() => ({
    "/widget": html(
      "Widget",
      `<h2>Foreign widget</h2><button onclick="document.getElementById('out').textContent='Liked!'">Like</button><p id="out">Not yet</p>`,
    ),
  }));
  outer = await serve((port) => ({
    "/frames": html(
      "Frames",
      `<h1>Host page</h1>
       <iframe title="Login" src="/login" width="400" height="200"></iframe>
       <iframe title="Foreign" src="http://127.0.0.1:${foreign.port}/widget" width="400" height="200"></iframe>
       <iframe title="Secret" src="http://127.0.0.2:${port}/secret" width="400" height="100"></iframe>`,
    ),
    "/login": html(
      "Login",
      `<label for="user">User</label><input id="user"><button onclick="document.getElementById('hello').textContent='Hello, '+document.getElementById('user').value">Greet</button><p id="hello"></p>`,
    ),
    "/secret": html("Secret", "<p>internal secret 42</p>"),
  }));
  stateDir = mkdtempSync(join(tmpdir(), "claw-browser-frames-"));
  workspaceDir = mkdtempSync(join(tmpdir(), "claw-browser-frames-ws-"));
  manager = new BrowserManager({ stateDir, allowPrivate: ["127.0.0.1"] });
});

afterAll(async () => {
  await manager.close();
  await new Promise((resolve) => outer.server.close(resolve));
  await new Promise((resolve) => foreign.server.close(resolve));
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(workspaceDir, { recursive: true, force: true });
});

const run = (args: BrowserArgs) => createBrowserTool({ manager, workspaceDir }).execute(args, context);
const text = (result: AgentToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
const snapshot = async (args: Partial<BrowserArgs> = {}) =>
  unwrapUntrusted(text(await run({ action: "snapshot", ...args }))) ?? "";
const refOf = (snap: string, label: string) => {
  const line = snap.split("\n").find((l) => l.includes(label) && l.includes("[ref="));
  const ref = line && /\[ref=([\w.]+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no ref for ${label} in:\n${snap}`);
  return ref;
};

describe("snapshots with iframes", () => {
  it("reads same- and cross-origin frames under their iframe, acts inside them by ref, and shows a refused frame as blocked", async () => {
    await run({ action: "navigate", url: `http://127.0.0.1:${outer.port}/frames` });
    const page = await manager.browser("t").activeTab();
    await expect
      .poll(
        () => page.frames().filter((f) => f.url().includes("/widget") || f.url().includes("/login")).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(2);
    // The foreign frame really is cross-origin: the host page's own script cannot look inside it.
    expect(await page.evaluate("document.querySelectorAll('iframe')[1].contentDocument === null")).toBe(true);

    const snap = await snapshot();
    const login = refOf(snap, 'iframe "Login"');
    const foreignFrame = refOf(snap, 'iframe "Foreign"');
    const user = refOf(snap, 'textbox "User"');
    const like = refOf(snap, 'button "Like"');
    expect(user.startsWith(`${login}.`)).toBe(true);
    expect(like.startsWith(`${foreignFrame}.`)).toBe(true);
    const lines = snap.split("\n");
    const depthOf = (label: string) =>
      /^ */.exec(lines.find((l) => l.includes(label)) ?? "")?.[0].length ?? -1;
    expect(depthOf('textbox "User"')).toBeGreaterThan(depthOf('iframe "Login"'));
    expect(snap).toContain('heading "Foreign widget"');
    expect(snap).toMatch(
      /\[frame blocked by the address guard, not read: http:\/\/127\.0\.0\.2:\d+\/secret \(.*127\.0\.0\.2.*\)\]/,
    );
    expect(snap).not.toContain("internal secret");

    await run({ action: "type", ref: user, text: "Ada" });
    await run({ action: "click", ref: refOf(snap, 'button "Greet"') });
    await run({ action: "click", ref: like });
    const after = await snapshot();
    expect(after).toContain("Hello, Ada");
    expect(after).toContain("Liked!");
    // Refs stay the same across snapshots of the same documents.
    expect(refOf(after, 'textbox "User"')).toBe(user);
    expect(after).toContain('value="Ada"');

    // interactiveOnly keeps the frames' controls; a container ref inside a frame narrows to it.
    const controls = await snapshot({ interactiveOnly: true });
    expect(controls).toContain(`[ref=${like}]`);
    expect(controls).not.toContain("Not yet");
    const onlyForeign = await snapshot({ ref: foreignFrame });
    expect(onlyForeign).toContain('button "Like"');
    expect(onlyForeign).not.toContain('textbox "User"');

    await expect(run({ action: "click", ref: `${foreignFrame}.e999` })).rejects.toThrow(
      /not on the page any more/,
    );
    await expect(run({ action: "click", ref: "e999.e1" })).rejects.toThrow(/not on the page any more/);
  });
});

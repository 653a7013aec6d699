/**
 * The managed browser's life: Chromium found or clearly missing, profiles on disk, start/stop,
 * idle close; and a screenshot reaching a faux vision model through the real agent loop (a model
 * without image input gets a saved file instead).
 */
import { existsSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEventBus, createRunEmitter, runAgentLoop } from "@claw/agent-core";
import { complete, createFauxProvider, type Model, type ToolResultMessage } from "@claw/providers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserManager, checkChromium, createBrowserTool, locateChromium } from "../src/index.js";

let stateDir: string;
let workspaceDir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), "claw-browser-life-"));
  workspaceDir = mkdtempSync(join(tmpdir(), "claw-browser-life-ws-"));
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end('<title>Red</title><body style="background:#f00"><h1>Red page</h1></body>');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(stateDir, { recursive: true, force: true });
  await rm(workspaceDir, { recursive: true, force: true });
});

describe("Chromium", () => {
  it("is found on this machine and reports its version", async () => {
    const check = await checkChromium();
    expect(check).toMatchObject({ ok: true });
    expect(check.version).toMatch(/\d+\.\d+/);
  });

  it("names the Debian package when it is missing", async () => {
    await expect(locateChromium({ path: stateDir })).rejects.toThrow(
      /apt-get install chromium.*Debian package "chromium"/,
    );
    const check = await checkChromium({ executablePath: join(stateDir, "no-chromium") });
    expect(check.ok).toBe(false);
    expect(check.problem).toContain("Chromium not found at");
    const manager = new BrowserManager({ stateDir, executablePath: join(stateDir, "no-chromium") });
    const tool = createBrowserTool({ manager, workspaceDir });
    const call = { toolCallId: "c", signal: new AbortController().signal };
    await expect(tool.execute({ action: "snapshot" }, call)).rejects.toThrow(/Debian package "chromium"/);
  });
});

describe("managed browser", () => {
  it("starts a profile under the state dir, lists it, stops it, and closes it when idle", async () => {
    const manager = new BrowserManager({ stateDir, idleMs: 400 });
    expect(() => manager.browser("../escape")).toThrow(/not a valid name/);
    const started = await manager.start("work");
    expect(started).toMatchObject({ profile: "work", running: true, headless: true, tabs: 1 });
    expect(started.userDataDir).toBe(join(stateDir, "browser", "work", "user-data"));
    expect(existsSync(started.userDataDir)).toBe(true);
    expect(await manager.stop()).toEqual(["work"]);
    // A fresh manager (a restarted gateway) finds the profile on disk.
    const later = new BrowserManager({ stateDir, idleMs: 400 });
    expect((await later.profiles()).map((p) => [p.profile, p.running])).toEqual([["work", false]]);
    await later.start("work");
    await expect.poll(() => later.status()[0]?.running, { timeout: 5_000 }).toBe(false);
    await later.close();
  });

  it("returns a screenshot as an image to a vision model and saves it for a text-only model", async () => {
    const manager = new BrowserManager({ stateDir, allowPrivate: ["127.0.0.1"] });
    const faux = createFauxProvider();
    const vision = faux.modelFor("vision", { input: ["text", "image"] });
    const blind = faux.modelFor("blind", { input: ["text"] });
    const tool = (model: Model) =>
      createBrowserTool({ manager, workspaceDir, acceptsImages: () => model.input.includes("image") });
    const turn = async (model: Model) => {
      faux.push(
        { toolCalls: [{ name: "browser", arguments: { action: "navigate", url: `${origin}/` } }] },
        { toolCalls: [{ name: "browser", arguments: { action: "screenshot" } }] },
        "It is red.",
      );
      const result = await runAgentLoop({
        runId: `run-${model.id}`,
        agentId: "main",
        systemPrompt: "",
        history: [],
        input: [{ role: "user", content: "What colour is the page?", timestamp: Date.now() }],
        tools: [tool(model)],
        callModel: (context, { signal }) => complete(model, context, { signal }),
        emit: createRunEmitter(createEventBus(), `run-${model.id}`, undefined),
        signal: new AbortController().signal,
      });
      expect(result.status).toBe("ok");
      const last = faux.contexts.at(-1)?.messages.at(-1) as ToolResultMessage;
      return last;
    };
    try {
      const seen = await turn(vision);
      const image = seen.content.find((c) => c.type === "image");
      expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
      const png = Buffer.from(image?.type === "image" ? image.data : "", "base64");
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      const described = await turn(blind);
      expect(described.content.every((c) => c.type === "text")).toBe(true);
      const path = /Saved to (browser\/screenshot-[^ ]+\.png)/.exec(
        described.content[0]?.type === "text" ? described.content[0].text : "",
      )?.[1];
      expect(path && existsSync(join(workspaceDir, path))).toBe(true);
    } finally {
      await manager.close();
    }
  });
});

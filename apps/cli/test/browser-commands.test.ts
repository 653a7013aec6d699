/**
 * `claw browser` against a real gateway, and the `browser` tool as the gateway gives it to an
 * agent: a faux model opens a local page (allowed by tools.web.allowPrivate) and reads its
 * snapshot. One Chromium for the file, stopped at the end.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ClawGateway } from "@claw/app-gateway";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claw, createHome, startGateway, type TestHome } from "./helpers.js";

let server: Server;
let origin: string;
const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<title>Local</title><h1>Hello from the page</h1><button>Press me</button>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
  await new Promise((resolve) => server.close(resolve));
});

describe("claw browser", () => {
  it("the agent's browser tool opens a page, and status/start/stop/profiles see its profile", async () => {
    const document = {
      agents: { defaults: { model: "faux/faux-1" } },
      tools: { web: { allowPrivate: ["127.0.0.1"] } },
    };
    const home = createHome(
      [
        { toolCalls: [{ name: "browser", arguments: { action: "open", url: `${origin}/` } }] },
        { toolCalls: [{ name: "browser", arguments: { action: "snapshot" } }] },
        "The page says hello.",
      ],
      document,
    );
    homes.push(home);
    gateways.push(await startGateway(home, document));
    const reply = await claw(home, ["agent", "-m", "what does the local page say?"]);
    expect(reply).toMatchObject({ code: 0, stdout: "The page says hello.\n" });
    const snapshot = home.faux.contexts.at(-1)?.messages.at(-1);
    expect(JSON.stringify(snapshot)).toContain('heading \\"Hello from the page\\" [level=1]');
    expect(JSON.stringify(snapshot)).toContain("untrusted-web-content");

    const status = JSON.parse((await claw(home, ["browser", "status", "--json"])).stdout);
    expect(status.executablePath).toMatch(/chromium/);
    expect(status.profiles).toEqual([expect.objectContaining({ profile: "main", running: true, tabs: 1 })]);
    const text = await claw(home, ["browser", "status"]);
    expect(text.stdout).toMatch(/main +running +1 +headless/);
    expect((await claw(home, ["browser", "stop"])).stdout).toBe("stopped: main\n");
    expect((await claw(home, ["browser", "profiles"])).stdout).toMatch(/main +stopped/);
    const startedResearch = await claw(home, ["browser", "start", "research"]);
    expect(startedResearch.stderr).toBe("");
    expect(startedResearch.stdout).toBe("browser research is running (headless)\n");
    expect((await claw(home, ["browser", "stop", "--all"])).stdout).toBe("stopped: research\n");
  });

  it("says the browser is off when tools.browser.enabled is false", async () => {
    const document = {
      agents: { defaults: { model: "faux/faux-1" } },
      tools: { browser: { enabled: false } },
    };
    const home = createHome([], document);
    homes.push(home);
    const gateway = await startGateway(home, document);
    gateways.push(gateway);
    expect(gateway.agents[0]?.definition.tools?.map((t) => t.name)).not.toContain("browser");
    const result = await claw(home, ["browser", "status"]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("tools.browser.enabled is false");
  });
});

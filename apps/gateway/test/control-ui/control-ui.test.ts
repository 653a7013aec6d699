/**
 * The Control UI in real Chromium against a real gateway with the faux provider: sign in, stream
 * a reply (markdown, highlighted code, model markup shown as text), a tool card, abort, command
 * completion, exec approval, sessions (rename, reset), config (invalid → nothing applied, valid →
 * applied, restart-required shown), status, a gateway restart mid-session that keeps the draft,
 * and the security rules: the token in no URL, console line or log line; a foreign origin refused.
 * Screenshots of each page at desktop and phone width go to packages/control-ui/artifacts/.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { ClawClient } from "@claw/client";
import { createSqliteAuthStateStore } from "@claw/failover";
import { createFauxProvider, type FauxProvider } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import jpeg from "jpeg-js";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClawGateway } from "../../src/index.js";
import { startTestGateway } from "../helpers.js";
import {
  buildAppOnce,
  DESKTOP,
  FOREIGN_HOST,
  launch,
  openPage,
  PHONE,
  type Recorder,
  screenshot,
  signIn,
} from "./browser.js";

const GROUP = "agent:main:telegram:group:42";
const DOCUMENT = {
  agents: { defaults: { model: "faux/faux-1" }, list: [{ id: "main", default: true }] },
  tools: { exec: {} },
  // A credential for the faux provider, so the Status page has one to show cooldowns on.
  models: { providers: { faux: { apiKey: "sk-faux-ui-test" } } },
};

/** A 160×100 sunset-coloured gradient. */
const SUNSET = (() => {
  const [width, height] = [160, 100];
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = 250 - y;
      data[at + 1] = 140 - y;
      data[at + 2] = 60 + x / 2 + y;
      data[at + 3] = 255;
    }
  return jpeg.encode({ width, height, data }, 85).data;
})();

let appDir: string;
let browser: Browser;
let recorder: Recorder;
let page: Page;
let faux: FauxProvider;
let claw: ClawGateway;
let client: ClawClient;
let stateDir: string;
let origin: string;

async function startGateway(reuse?: { stateDir: string; port: number }) {
  const started = await startTestGateway(DOCUMENT, {
    models: [faux.model],
    stream: faux.stream,
    controlUiRoot: appDir,
    scopes: ["operator.read", "operator.write", "operator.admin"],
    keepAcrossTests: true,
    ...(reuse ?? {}),
  });
  claw = started.claw;
  client = started.client;
  stateDir = started.stateDir;
  origin = `http://127.0.0.1:${claw.port}`;
}

async function send(text: string) {
  const input = page.getByLabel("Message", { exact: true });
  await input.fill(text);
  await input.press("Enter");
}

beforeAll(async () => {
  faux = createFauxProvider([], { provider: "faux" });
  [appDir, { browser, recorder }] = await Promise.all([buildAppOnce(), launch()]);
  await startGateway();
  page = await openPage(browser, recorder);
}, 90_000);

afterEach(() => {
  // Each test consumes exactly the replies it scripted, so the next one starts in step.
  expect(faux.remaining).toBe(0);
});

afterAll(async () => {
  await client?.close();
  await claw?.close();
  await browser?.close();
});

describe.sequential("Control UI in Chromium", () => {
  it("signs in with the token entered once", async () => {
    await signIn(page, origin, claw.token as string);
    expect(await page.evaluate('localStorage.getItem("claw.gatewayToken")')).toBe(claw.token);
    // A reload signs in again from storage, without the form.
    await page.reload();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
  });

  it("streams a reply with markdown and highlighted code; model markup stays text", async () => {
    faux.push({
      text: 'Here is **bold** text and `inline`.\n\n```js\nconst answer = 42; // the answer\n```\n\n<img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
      chunkSize: 6,
      chunkDelayMs: 25,
    });
    await send("show me code");
    await page.locator(".msg-assistant.streaming").first().waitFor();
    const answer = page.locator(".msg-assistant").last();
    await answer.locator(".tok-keyword", { hasText: "const" }).waitFor();
    await page.locator(".msg-assistant.streaming").waitFor({ state: "detached" });
    expect(await answer.locator("strong").textContent()).toBe("bold");
    expect(await answer.locator(".tok-comment").textContent()).toBe("// the answer");
    expect(await answer.locator("img").count()).toBe(0);
    expect(await answer.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await answer.textContent()).toContain('<img src=x onerror="alert(1)">');
  });

  it("shows a tool call as a card that opens to its arguments and result", async () => {
    faux.push(
      { text: "Let me look.", toolCalls: [{ name: "read", arguments: { path: "missing-notes.txt" } }] },
      "No notes there.",
    );
    await send("read my notes");
    const card = page.locator(".tool-card").last();
    await card.locator(".badge", { hasText: /done|failed/ }).waitFor();
    await card.locator("summary").click();
    await expect
      .poll(() => card.locator(".tool-args").textContent(), { timeout: 10_000 })
      .toContain("missing-notes.txt");
    expect(await card.locator(".tool-result").textContent()).not.toBe("");
    await page.locator(".msg-assistant", { hasText: "No notes there." }).waitFor();
  });

  it("attaches an image (picker, chip, remove, keyboard) that the vision model receives", async () => {
    faux.push("A warm gradient, orange to purple.");
    const calls = faux.calls.length;
    const picker = page.getByTestId("attach-input");
    await picker.setInputFiles([
      { name: "sunset.jpg", mimeType: "image/jpeg", buffer: SUNSET },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("remove me") },
    ]);
    const chips = page.getByRole("list", { name: "Attached files" });
    await chips.getByText("sunset.jpg").waitFor();
    // The remove button is reachable and works from the keyboard.
    const remove = chips.getByRole("button", { name: "Remove notes.txt" });
    await remove.focus();
    await page.keyboard.press("Enter");
    await chips.getByText("notes.txt").waitFor({ state: "detached" });
    expect(await chips.locator(".chip-preview").count()).toBe(1);
    await send("what is in this picture?");
    await page.locator(".msg-assistant", { hasText: "orange to purple" }).waitFor();
    await expect.poll(() => faux.calls.length, { timeout: 10_000 }).toBe(calls + 1);
    const user = faux.calls.at(-1)?.context.messages.findLast((m) => m.role === "user");
    expect(user?.content).toEqual([
      { type: "text", text: "what is in this picture?" },
      { type: "image", mimeType: "image/jpeg", data: SUNSET.toString("base64") },
    ]);
    await page.getByRole("list", { name: "Attached files" }).waitFor({ state: "detached" });
    const shown = page.locator(".msg-user .msg-images img").last();
    expect(await shown.evaluate((img) => (img as { naturalWidth: number }).naturalWidth)).toBe(160);
    // A second file waits as a chip in the screenshot, as a person would see it before sending.
    await picker.setInputFiles([
      { name: "trip-notes.md", mimeType: "text/markdown", buffer: Buffer.from("# Trip") },
    ]);
    await chips.getByText("trip-notes.md").waitFor();
    await screenshot(page, "chat-desktop");
    await chips.getByRole("button", { name: "Remove trip-notes.md" }).click();
  });

  it("aborts a running reply with Stop", async () => {
    faux.push({ hang: true });
    const calls = faux.calls.length;
    await send("take your time");
    // Stop once the model is answering (a run stopped while queued never takes its scripted reply).
    await expect.poll(() => faux.calls.length, { timeout: 10_000 }).toBe(calls + 1);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.locator(".notice", { hasText: "Stopped." }).waitFor();
    await page.getByRole("button", { name: "Stop" }).waitFor({ state: "detached" });
  });

  it("completes /commands from the gateway's list with the keyboard", async () => {
    const input = page.getByLabel("Message", { exact: true });
    await input.fill("/ne");
    const list = page.getByRole("listbox", { name: "Commands" });
    await list.waitFor();
    expect(await list.getByRole("option").first().textContent()).toContain("/new");
    await input.press("Tab");
    expect(await input.inputValue()).toBe("/new ");
    await input.fill("");
  });

  it("asks for an exec approval and the run goes on once allowed", async () => {
    faux.push(
      { text: "running", toolCalls: [{ name: "exec", arguments: { command: "sh -c 'echo approved-run'" } }] },
      "done",
    );
    const finished = client.request(
      "agent",
      { message: "go", sessionKey: GROUP, idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    const dialog = page.getByRole("alertdialog", { name: "Allow this command?" });
    await dialog.waitFor();
    expect(await dialog.locator(".command").textContent()).toBe("sh -c 'echo approved-run'");
    await screenshot(page, "approval-desktop");
    await dialog.getByRole("button", { name: "Allow once" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await finished).toMatchObject({ status: "ok" });
  });

  it("lists sessions, renames and resets one", async () => {
    await page.getByRole("link", { name: "Sessions" }).click();
    const row = page.locator("tr", { hasText: "agent:main:main" });
    await row.waitFor();
    await row.getByRole("button", { name: /^Rename/ }).click();
    await page.getByLabel("New name for agent:main:main").fill("Daily chat");
    await page.getByRole("button", { name: "Save" }).click();
    const renamed = page.locator("tr", { hasText: "Daily chat" });
    await renamed.waitFor();
    await screenshot(page, "sessions-desktop");
    expect(await renamed.textContent()).toMatch(/faux\/faux-1/);
    await renamed.getByRole("button", { name: /^Reset/ }).click();
    await expect
      .poll(
        async () => (await client.request("chat.history", { sessionKey: "agent:main:main" })).messages.length,
      )
      .toBe(0);
    await renamed.getByRole("button", { name: /^Open/ }).click();
    await page.getByText("No messages yet.").waitFor();
  });

  it("edits config through the form: an invalid value is shown and nothing applied; a valid one applies", async () => {
    const configPath = join(stateDir, "claw.json");
    const before = readFileSync(configPath, "utf8");
    await page.getByRole("link", { name: "Config" }).click();
    await page
      .locator("details.group > summary", { hasText: /^gateway/ })
      .first()
      .click();
    const port = page.locator("#cfg-gateway_port");
    await port.fill("99999");
    const error = page.locator("#cfg-gateway_port-error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/65535/);
    expect(await page.getByRole("button", { name: "Apply" }).isDisabled()).toBe(true);
    await port.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await screenshot(page, "config-desktop");
    expect(readFileSync(configPath, "utf8")).toBe(before);
    await port.fill("18999");
    await error.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Apply" }).click();
    const result = page.locator(".notice-ok");
    await result.waitFor();
    expect(await result.textContent()).toContain("Needs a gateway restart");
    expect(await result.textContent()).toContain("gateway.port");
    expect(JSON.parse(readFileSync(configPath, "utf8")).gateway.port).toBe(18999);
  });

  it("shows status: health, models, cooldowns, memory index, channels, cron and the live log", async () => {
    // A cooldown as @claw/failover records one after rate limits, in the gateway's state.db.
    const db = openSqliteDatabase(join(stateDir, "state.db"));
    const now = Date.now();
    await createSqliteAuthStateStore(db).update("faux:config", (prev) => ({
      ...prev,
      models: { "faux-large": { until: now + 10 * 60_000, reason: "rate_limit", count: 2, at: now } },
    }));
    db.close();
    await page.getByRole("link", { name: "Status" }).click();
    const cooldowns = page.getByRole("region", { name: "Model cooldowns" });
    await cooldowns.getByText("faux:config").waitFor();
    expect(await cooldowns.locator(".badge-error").textContent()).toMatch(
      /faux-large: rate limit ×2, in (9|10) min/,
    );
    expect(await cooldowns.textContent()).not.toContain("sk-faux-ui-test");
    const memory = page.getByRole("region", { name: "Memory index" });
    await memory.getByText("main", { exact: true }).waitFor();
    expect(await memory.textContent()).toMatch(/files · \d+ chunks/);
    expect(await memory.textContent()).toMatch(/keyword search only/);
    await page.getByRole("region", { name: "Gateway" }).locator(".badge-ok", { hasText: "ok" }).waitFor();
    await page.getByRole("region", { name: "Models" }).getByText("faux/faux-1").waitFor();
    await expect
      .poll(() => page.getByLabel("Gateway log").textContent(), { timeout: 10_000 })
      .toContain("gateway");
    await page.evaluate('document.querySelector(".main").scrollTo(0, 0)');
    await screenshot(page, "status-desktop");

    // Every credential of faux cooling for faux-1: the Models panel says so (models.list's
    // unavailableReason "cooldown"); the cooldown is lifted again for the tests after this one.
    const coolingDb = openSqliteDatabase(join(stateDir, "state.db"));
    await createSqliteAuthStateStore(coolingDb).update("faux:config", (prev) => ({
      ...prev,
      models: {
        ...prev?.models,
        "faux-1": { until: Date.now() + 5 * 60_000, reason: "overloaded", count: 1, at: Date.now() },
      },
    }));
    coolingDb.close();
    try {
      const models = page.getByRole("region", { name: "Models" });
      await models.getByRole("button", { name: "Refresh" }).click();
      await models.locator(".badge-warn", { hasText: /^cooling until / }).waitFor({ timeout: 10_000 });
    } finally {
      const db = openSqliteDatabase(join(stateDir, "state.db"));
      await createSqliteAuthStateStore(db).update("faux:config", (prev) => {
        const { "faux-1": _lifted, ...models } = prev?.models ?? {};
        return { ...prev, models };
      });
      db.close();
    }
  });

  it("fits a phone's width", async () => {
    const phone = await openPage(browser, recorder, PHONE);
    await signIn(phone, origin, claw.token as string);
    faux.push({
      thinking: "Short list, then code.",
      text: "Sure:\n\n- one\n- two\n\n```py\nprint('hi')  # greet\n```",
    });
    const input = phone.getByLabel("Message", { exact: true });
    await input.fill("a list please");
    await input.press("Enter");
    await phone.locator(".msg-assistant .tok-comment").waitFor();
    for (const tab of ["chat", "sessions", "config", "status"]) {
      await phone.goto(`${origin}/#/${tab}`);
      await phone.locator(".main > *").first().waitFor();
      if (tab === "chat")
        await phone
          .getByTestId("attach-input")
          .setInputFiles([{ name: "sunset.jpg", mimeType: "image/jpeg", buffer: SUNSET }]);
      await phone.waitForTimeout(300);
      const overflow = (await phone.evaluate(
        "document.documentElement.scrollWidth - window.innerWidth",
      )) as number;
      expect(overflow, tab).toBeLessThanOrEqual(0);
      await screenshot(phone, `${tab}-phone`);
    }
    await phone.emulateMedia({ colorScheme: "dark" });
    await phone.goto(`${origin}/#/chat`);
    await phone.locator(".chat").waitFor();
    await screenshot(phone, "chat-phone-dark");
    await phone.context().close();
    await page.setViewportSize(DESKTOP);
  });

  it("survives a gateway restart mid-session without losing the draft or the view", async () => {
    await page.getByRole("link", { name: "Chat" }).click();
    const input = page.getByLabel("Message", { exact: true });
    await input.fill("half-written thought");
    const port = claw.port;
    await client.close();
    await claw.close({ reason: "restart", restartExpectedMs: 200 });
    await page.getByRole("status").filter({ hasText: "Reconnecting" }).waitFor();
    await startGateway({ stateDir, port });
    await page.getByRole("img", { name: "Connected" }).waitFor({ timeout: 15_000 });
    expect(await input.inputValue()).toBe("half-written thought");
    expect(await page.getByRole("link", { name: "Chat" }).getAttribute("aria-current")).toBe("page");
    faux.push("Back again.");
    await input.press("Enter");
    await page.locator(".msg-assistant", { hasText: "Back again." }).waitFor();
  }, 40_000);

  it("never puts the token in a URL, a console line or the gateway log", async () => {
    const token = claw.token as string;
    expect(recorder.urls.length).toBeGreaterThan(5);
    expect(recorder.urls.filter((url) => url.includes(token))).toEqual([]);
    expect(recorder.console.filter((line) => line.includes(token))).toEqual([]);
    expect(recorder.console.filter((line) => line.startsWith("pageerror"))).toEqual([]);
    expect(readFileSync(join(stateDir, "logs", "gateway.log"), "utf8")).not.toContain(token);
  });

  it("refuses a page from a foreign origin: no WebSocket, no app", async () => {
    const gatewayPort = claw.port;
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><script>
        const ws = new WebSocket("ws://127.0.0.1:${gatewayPort}");
        ws.onopen = () => { document.title = "opened"; };
        ws.onerror = () => { document.title = "refused"; };
        fetch("http://127.0.0.1:${gatewayPort}/", { mode: "cors" }).then(() => { document.body.dataset.app = "read"; }, () => { document.body.dataset.app = "blocked"; });
      </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, "127.0.0.1", resolve));
    const evilPage = await openPage(browser, recorder);
    try {
      await evilPage.goto(`http://${FOREIGN_HOST}:${(evil.address() as AddressInfo).port}/`);
      // expect.poll gives up after 1 s by default; a loaded CI machine needs longer for the fetch.
      await expect.poll(() => evilPage.title(), { timeout: 15_000 }).toBe("refused");
      await expect
        .poll(() => evilPage.evaluate("document.body.dataset.app"), { timeout: 15_000 })
        .toBe("blocked");
    } finally {
      await evilPage.context().close();
      evil.close();
    }
  });
});

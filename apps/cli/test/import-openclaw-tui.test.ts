/**
 * After `claw import openclaw`, the TUI opens the imported main session and shows its history:
 * the compaction summary, the tool call and the last reply of the real OpenClaw 2026.9 session.
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { runTui } from "@claw/tui";
import { afterEach, expect, it } from "vitest";
import { claw, createHome, startGateway, type TestHome } from "./helpers.js";

type Terminal = NonNullable<Parameters<typeof runTui>[0]["terminal"]>;

const FIXTURE = fileURLToPath(new URL("../../../fixtures/openclaw-state-2026.9", import.meta.url));

/** Keeps what the TUI draws as plain text (escape sequences removed); no input. */
function recordingTerminal(): Terminal & { text(): string } {
  let output = "";
  const write = (data: string) => {
    output += data;
  };
  return {
    text: () => stripVTControlCharacters(output),
    start() {},
    stop() {},
    drainInput: async () => {},
    write,
    columns: 100,
    rows: 40,
    kittyProtocolActive: false,
    moveBy: () => {},
    hideCursor: () => {},
    showCursor: () => {},
    clearLine: () => {},
    clearFromCursor: () => {},
    clearScreen: () => {},
    setTitle: () => {},
    setProgress: () => {},
  } as unknown as Terminal & { text(): string };
}

async function until(check: () => boolean, what: () => string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`TUI never showed it; it drew:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it("the TUI shows the imported history of the main session", async () => {
  const home: TestHome = createHome();
  cleanup.push(() => home.cleanup());
  rmSync(join(home.stateDir, "claw.json"));
  cpSync(FIXTURE, join(home.home, ".openclaw"), { recursive: true });
  expect((await claw(home, ["import", "openclaw", "--json"])).code).toBe(0);

  const gateway = await startGateway(
    home,
    JSON.parse(readFileSync(join(home.stateDir, "claw.json"), "utf8")),
  );
  cleanup.push(() => gateway.close());
  const terminal = recordingTerminal();
  const tui = await runTui({
    url: gateway.url,
    token: gateway.token,
    stateDir: home.stateDir,
    terminal,
    color: false,
  });
  cleanup.push(() => tui.stop());
  await until(
    () => terminal.text().includes("Reply 4: noted."),
    () => terminal.text(),
  );
  const text = terminal.text();
  expect(text).toContain("After the compaction, hello");
  console.log(text.slice(-3000));
  expect(text).toContain("read");
});

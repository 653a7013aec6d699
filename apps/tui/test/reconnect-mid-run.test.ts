/**
 * The socket drops while an answer streams (the gateway stays up): after the reconnect the TUI
 * still ends with the whole answer, not just the part that streamed after it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runTui, type TuiHandle } from "../src/index.js";
import { EmulatedTerminal } from "./helpers/emulated-terminal.js";
import { startTestGateway, type TestGateway } from "./helpers/gateway.js";
import { startTcpProxy, type TcpProxy } from "./helpers/tcp-proxy.js";

const open: { tui?: TuiHandle; gw?: TestGateway; proxy?: TcpProxy }[] = [];
afterEach(async () => {
  for (const { tui, gw, proxy } of open.splice(0)) {
    await tui?.stop();
    await proxy?.close();
    await gw?.close();
  }
});

describe("claw tui when the socket drops mid-run", () => {
  it("shows the whole answer once the run ends after a reconnect", async () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const gw = await startTestGateway([
      { text: `FIRST ${words.join(" ")} LAST`, chunkSize: 4, chunkDelayMs: 10 },
    ]);
    const proxy = await startTcpProxy(gw.claw.port);
    const term = new EmulatedTerminal(100, 30);
    const tui = await runTui({
      url: proxy.url,
      token: gw.claw.token,
      stateDir: gw.stateDir,
      terminal: term,
      color: false,
      reconnectDelayMs: { initial: 20, max: 100 },
    });
    open.push({ tui, gw, proxy });
    await term.waitFor(/● connected/);
    term.typeText("tell me", true);
    await term.waitFor(/FIRST/);
    proxy.cut();
    // The run ends after the reconnect; its history reload brings back what streamed before it.
    const screen = await term.waitFor(
      (s) => s.includes("FIRST") && s.includes("LAST") && !s.includes("Esc to stop"),
      10_000,
    );
    expect(screen).toContain("w30");
    expect(screen.match(/FIRST/g)).toHaveLength(1);
  });
});

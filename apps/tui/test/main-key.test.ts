/** `session.mainKey` from the gateway's config decides which session the TUI opens. */
import { afterEach, describe, it } from "vitest";
import { runTui, type TuiHandle } from "../src/index.js";
import { EmulatedTerminal } from "./helpers/emulated-terminal.js";
import { startTestGateway, type TestGateway } from "./helpers/gateway.js";

const open: { tui: TuiHandle; gw: TestGateway }[] = [];
afterEach(async () => {
  for (const { tui, gw } of open.splice(0)) {
    await tui.stop();
    await gw.close();
  }
});

async function openTui(agentId: string | undefined) {
  const gw = await startTestGateway([], { session: { mainKey: "home" } });
  const term = new EmulatedTerminal(100, 24);
  const tui = await runTui({
    url: gw.claw.url,
    token: gw.claw.token,
    stateDir: gw.stateDir,
    terminal: term,
    reconnectDelayMs: { initial: 30, max: 200 },
    ...(agentId ? { agentId } : {}),
  });
  open.push({ tui, gw });
  return term;
}

describe("claw tui and session.mainKey", () => {
  it("opens the default agent's configured main session", async () => {
    const term = await openTui(undefined);
    await term.waitFor(/session agent:main:home\s*$/m);
  });

  it("opens a named agent's configured main session and /agent switches to it", async () => {
    const term = await openTui("main");
    await term.waitFor(/session agent:main:home\s*$/m);
    term.typeText("/session agent:main:other", true);
    await term.waitFor(/session agent:main:other\s*$/m);
    term.typeText("/agent main", true);
    await term.waitFor(/session agent:main:home\s*$/m);
  });
});

/**
 * The approval prompt in a terminal: a group session's command waits for approval, the prompt
 * takes the editor's place, `a` runs it, `d` denies it and the model reads the denial.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runTui, type TuiHandle } from "../src/index.js";
import { EmulatedTerminal } from "./helpers/emulated-terminal.js";
import { startTestGateway, type TestGateway } from "./helpers/gateway.js";

const open: { tui?: TuiHandle; gw?: TestGateway }[] = [];
afterEach(async () => {
  for (const { tui, gw } of open.splice(0)) {
    await tui?.stop();
    await gw?.close();
  }
});

const exec = (command: string) => ({ toolCalls: [{ name: "exec", arguments: { command } }] });

describe("approval prompt", () => {
  it("shows a waiting command; a allows once, d denies and the model is told", async () => {
    const gw = await startTestGateway(
      [exec("sh -c 'echo tui-approved'"), "Ran it.", exec("sh -c 'echo nope'"), "Understood, not run."],
      { agents: { defaults: { model: "faux/faux-1" }, list: [{ id: "ops", default: true }] } },
    );
    const term = new EmulatedTerminal(100, 30);
    const tui = await runTui({
      url: gw.claw.url,
      token: gw.claw.token,
      stateDir: gw.stateDir,
      terminal: term,
      color: false,
      sessionKey: "agent:ops:telegram:group:5",
      reconnectDelayMs: { initial: 30, max: 200 },
    });
    open.push({ tui, gw });
    await term.waitFor(/● connected/);
    term.typeText("run it", true);
    let screen = await term.waitFor(/Approve this command\?/);
    expect(screen).toContain("$ sh -c 'echo tui-approved'");
    expect(screen).toMatch(/agent ops · agent:ops:telegram:group:5 · \d+s left/);
    expect(screen).toMatch(/why: .*not on the allowlist/);
    expect(screen).toContain("[a] allow once  [A] allow always  [d] deny");
    term.type("a");
    screen = await term.waitFor(/Ran it\./);
    expect(screen).not.toContain("Approve this command?");
    expect(JSON.stringify(gw.faux.calls.at(-1)?.context.messages)).toContain("tui-approved");
    await term.waitFor((s) => !s.includes("Esc to stop"));

    term.typeText("and this", true);
    await term.waitFor(/\$ sh -c 'echo nope'/);
    term.type("d");
    await term.waitFor(/Understood, not run\./);
    expect(JSON.stringify(gw.faux.calls.at(-1)?.context.messages)).toContain("the user denied it");
  });
});

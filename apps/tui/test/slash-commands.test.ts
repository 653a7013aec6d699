/**
 * Every slash command ends in a state the TUI shows, and the chat works right after it: each
 * command is followed by a normal message whose answer must stream, in a real (headless) terminal
 * against a real gateway with a faux model.
 */
import type { FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../src/commands/table.js";
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

/** Answers every call with "reply: <the last user text>", streamed a few characters at a time. */
const echo: FauxStep = ({ context }) => {
  const last = context.messages.at(-1);
  const content = last?.role === "user" ? last.content : "";
  const text =
    typeof content === "string" ? content : content.map((b) => ("text" in b ? b.text : "")).join("");
  return { text: `reply: ${text}`, chunkSize: 3, chunkDelayMs: 2 };
};

async function setup() {
  const gw = await startTestGateway(Array.from({ length: 80 }, () => echo));
  const term = new EmulatedTerminal(100, 40);
  const tui = await runTui({
    url: gw.claw.url,
    token: gw.claw.token,
    stateDir: gw.stateDir,
    terminal: term,
    color: false,
    reconnectDelayMs: { initial: 30, max: 200 },
  });
  open.push({ tui, gw });
  await term.waitFor(/● connected/);
  return { gw, term, tui };
}

const idle = (screen: string) => !screen.includes("Esc to stop");

const occurrences = (text: string, pattern: RegExp) =>
  text.match(new RegExp(pattern.source, "g"))?.length ?? 0;

/** Types `text`, then waits until `expected` appears once more and nothing is running. */
async function enter(term: EmulatedTerminal, text: string, expected: RegExp): Promise<string> {
  await term.flush();
  const before = occurrences(term.allText(), expected);
  term.typeText(text, true);
  return term.waitFor((s) => idle(s) && occurrences(term.allText(), expected) > before);
}

/** A message after the command must stream its answer and end. */
async function chatStillWorks(term: EmulatedTerminal, label: string): Promise<void> {
  const message = `after ${label}`;
  await enter(term, message, new RegExp(`reply: ${message.replace(/[/\\^$.*+?()[\]{}|]/g, "\\$&")}`));
}

/** Each command with its arguments and what the screen shows when it is done. */
const CASES: Record<string, { input: string; shows: RegExp }[]> = {
  new: [{ input: "/new", shows: /ℹ new session on agent:main:main/ }],
  reset: [{ input: "/reset", shows: /ℹ session agent:main:main reset/ }],
  model: [{ input: "/model faux/faux-1", shows: /ℹ model: faux\/faux-1/ }],
  think: [
    { input: "/think high", shows: /ℹ thinking: high/ },
    { input: "/think loud", shows: /✗ \/think loud: use one of/ },
  ],
  session: [{ input: "/session agent:main:side", shows: /ℹ session agent:main:side/ }],
  agent: [
    { input: "/agent main", shows: /ℹ session agent:main:main/ },
    { input: "/agent main", shows: /ℹ already on session agent:main:main/ },
  ],
  context: [{ input: "/context", shows: /ℹ context: .* tokens/ }],
  compact: [{ input: "/compact", shows: /Nothing to compact|Compacted|ℹ compacted/ }],
  status: [{ input: "/status", shows: /ℹ gateway \S+ · up \d+s/ }],
  stop: [{ input: "/stop", shows: /ℹ nothing is running/ }],
  help: [{ input: "/help", shows: /Ctrl\+T: show \/ hide thinking/ }],
};

describe("every slash command ends in a state the TUI shows", () => {
  it("covers every command of the table (except /quit, tested below)", () => {
    expect(Object.keys(CASES).sort()).toEqual(
      COMMANDS.map((c) => c.name)
        .filter((n) => n !== "quit")
        .sort(),
    );
  });

  it("each command, then a message that streams", async () => {
    const { term } = await setup();
    await enter(term, "hello one", /reply: hello one/);
    for (const [name, cases] of Object.entries(CASES))
      for (const [index, { input, shows }] of cases.entries()) {
        await enter(term, input, shows).catch((error: Error) => {
          throw new Error(`${input} never reached a terminal state: ${error.message}`);
        });
        await chatStillWorks(term, `${name} ${index}`);
      }
    await enter(term, "/nonsense", /✗ unknown command \/nonsense/);
    await chatStillWorks(term, "an unknown command");
  }, 60_000);

  it("/compact right after the first answer ends, and the next message streams (issue 17)", async () => {
    const { term } = await setup();
    for (let round = 0; round < 4; round++) {
      await enter(term, `hello ${round}`, new RegExp(`reply: hello ${round}`));
      await enter(term, "/compact", /Nothing to compact|Compacted|ℹ compacted/);
    }
    await chatStillWorks(term, "compact");
  }, 30_000);

  it("pickers opened by a command close with Esc and leave the chat usable", async () => {
    const { term } = await setup();
    for (const [input, title] of [
      ["/model", /Models/],
      ["/think", /Thinking level/],
      ["/agent", /Agents/],
      ["/session", /Sessions/],
    ] as const) {
      term.typeText(input, true);
      await term.waitFor(title);
      term.type("\x1b");
      await term.waitFor((s) => !title.test(s) && idle(s));
      await chatStillWorks(term, input);
    }
  }, 30_000);

  it("Esc and /stop end a run the screen still shows but the gateway no longer has", async () => {
    const { term, tui } = await setup();
    const stops: [string, () => void][] = [
      ["Esc", () => term.type("\x1b")],
      ["/stop", () => term.typeText("/stop", true)],
    ];
    for (const [label, stop] of stops) {
      tui.app.dispatch({ type: "run-bound", runId: "a-run-the-gateway-never-had" });
      await term.waitFor(/Esc to stop/);
      const before = occurrences(term.allText(), /ℹ nothing is running/);
      stop();
      await term.waitFor((s) => idle(s) && occurrences(term.allText(), /ℹ nothing is running/) > before);
      await chatStillWorks(term, label);
    }
  });

  it("/quit ends the TUI", async () => {
    const { term, tui } = await setup();
    term.typeText("/quit", true);
    await expect(tui.done).resolves.toBeUndefined();
  });
});

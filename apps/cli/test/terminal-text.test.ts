/**
 * Model and tool text never reaches the terminal raw: `claw agent` against a real gateway whose
 * faux model replies with the hostile corpus and reads a file that holds it, then `claw sessions
 * show` of that transcript. Only the CLI's own styling may put an ESC on the wire.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClawGateway } from "@claw/app-gateway";
import { HOSTILE_TERMINAL_TEXT } from "@claw/client/terminal-text";
import { afterEach, describe, expect, it } from "vitest";
import type { CliIo } from "../src/io.js";
import { run } from "../src/main.js";
import { createHome, type FauxScript, startGateway, type TestHome } from "./helpers.js";

const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];
const workspaces: string[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const CORPUS = HOSTILE_TERMINAL_TEXT.map((c) => c.text).join("\n");
const WORDS = HOSTILE_TERMINAL_TEXT.flatMap((c) => c.visible);

/** The CLI's own styles (src/io.ts createStyle): bold, dim, red, green, yellow and their resets. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the CLI's own escape codes.
const OWN_STYLE = /\u001b\[(?:1|2|22|31|32|33|39)m/g;
/** ESC, BEL and every other C0 but \t \n, DEL, C1, bidi: what the terminal would act on. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the test.
const ACTIONABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function actionable(text: string): string[] {
  return [...text.matchAll(ACTIONABLE)].map((m) => `U+${(m[0].codePointAt(0) ?? 0).toString(16)}@${m.index}`);
}

async function setup(script: FauxScript) {
  const workspace = mkdtempSync(join(tmpdir(), "claw-term-ws-"));
  workspaces.push(workspace);
  const document = { agents: { defaults: { model: "faux/faux-1", workspace } } };
  const home = createHome(script, document);
  homes.push(home);
  writeFileSync(join(workspace, "hostile.txt"), CORPUS);
  gateways.push(await startGateway(home, document));
  return home;
}

/** `claw argv` in-process; `tty` turns colour on like a terminal would. */
async function claw(home: TestHome, argv: string[], tty: boolean) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: { PATH: process.env.PATH },
    homeDir: home.home,
    isTTY: tty,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

const readBoth = {
  toolCalls: [
    { name: "read", arguments: { path: "hostile.txt" } },
    { name: "read", arguments: { path: "\u001b]0;title\u0007missing\u009b2J\u202e.txt" } },
  ],
};

describe("claw agent with a hostile model and tool output", () => {
  it.each([
    ["not a terminal (no colour): no ESC at all", false],
    ["a terminal: no ESC but the CLI's own styling", true],
  ])("%s", async (_, tty) => {
    const home = await setup([readBoth, { text: CORPUS, chunkSize: 7 }]);
    const result = await claw(home, ["agent", "-m", "read the hostile file"], tty);
    expect(result.code).toBe(0);
    const out = result.stdout + result.stderr;
    if (!tty) expect(out).not.toContain("\u001b");
    expect(actionable(out.replace(OWN_STYLE, ""))).toEqual([]);
    for (const word of WORDS) expect(result.stdout).toContain(word);
    // The tool lines name what was called, controls shown, not acted on.
    expect(result.stderr).toContain("␛]0;title␇missing⟨U+009B⟩2J⟨U+202E⟩.txt");
    if (tty) expect(result.stderr).toMatch(OWN_STYLE);

    // The transcript shows the tool's output and the reply: `claw sessions show` prints both.
    const show = await claw(home, ["sessions", "show", "agent:main:main", "--limit", "20"], tty);
    expect(show.code).toBe(0);
    expect(actionable(show.stdout.replace(OWN_STYLE, ""))).toEqual([]);
    for (const word of WORDS) expect(show.stdout).toContain(word);
  });

  it("--json keeps the value, with C1 and bidi controls written as \\u escapes", async () => {
    const home = await setup([{ text: CORPUS }]);
    const result = await claw(home, ["agent", "-m", "json please", "--json"], true);
    expect(result.code).toBe(0);
    expect(actionable(result.stdout)).toEqual([]);
    expect(JSON.parse(result.stdout).text).toBe(CORPUS);
    const show = await claw(home, ["sessions", "show", "agent:main:main", "--json"], true);
    expect(actionable(show.stdout)).toEqual([]);
    expect(show.stdout).toContain("\\u009b2J");
  });

  it("a provider's failure message is shown inert", async () => {
    const home = await setup([
      {
        text: "partial\u001b[2J",
        error: { reason: "format", message: "bad \u001b]52;c;cHduZWQ=\u0007 request" },
      },
    ]);
    const result = await claw(home, ["agent", "-m", "fail"], false);
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).not.toContain("\u001b");
    expect(actionable(result.stdout + result.stderr)).toEqual([]);
    expect(result.stderr).toContain("bad ␛]52;c;cHduZWQ=␇ request");
  });
});

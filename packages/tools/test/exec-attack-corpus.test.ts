/**
 * The exec attack corpus (fixtures/exec-attacks.json) against the gate's analysis and policy.
 * Each case gets its own state dir holding gateway.token and claw.json with a secret, the
 * workspace inside it (a few ordinary files), and the case's setup. Under allowlist + on-miss
 * with an empty allowlist, no attack may be `run`, and every safe case must be.
 */
import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Type, { type Static } from "typebox";
import { Value } from "typebox/value";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeCommand, decideExec, type ExecPolicy } from "../src/index.js";

const Setup = Type.Object(
  {
    files: Type.Optional(Type.Record(Type.String(), Type.String())),
    symlinks: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false },
);
const Attack = Type.Object(
  { id: Type.String(), command: Type.String(), why: Type.String(), setup: Type.Optional(Setup) },
  { additionalProperties: false },
);
const Safe = Type.Object(
  { id: Type.String(), command: Type.String(), setup: Type.Optional(Setup) },
  { additionalProperties: false },
);
const Corpus = Type.Object(
  {
    /** The ordinary files every case finds in its workspace besides its own setup. */
    workspace: Type.Record(Type.String(), Type.String()),
    attacks: Type.Array(Attack),
    safe: Type.Array(Safe),
  },
  { additionalProperties: false },
);
type Setup = Static<typeof Setup>;

const CORPUS_FILE = new URL("../../../fixtures/exec-attacks.json", import.meta.url);
const corpus = readCorpus();

function readCorpus(): Static<typeof Corpus> {
  const raw: unknown = JSON.parse(readFileSync(CORPUS_FILE, "utf8"));
  if (!Value.Check(Corpus, raw))
    throw new Error(
      `fixtures/exec-attacks.json does not match the corpus format: ${[...Value.Errors(Corpus, raw)][0]?.message}`,
    );
  return raw;
}

const SECRET = `sk-secret-${randomBytes(8).toString("hex")}`;
const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
const policy: ExecPolicy = { security: "allowlist", ask: "on-miss" };

const base = realpathSync(mkdtempSync(join(tmpdir(), "claw-exec-corpus-")));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let cases = 0;

/** A fresh state dir for one case; returns its workspace. */
function stateDirWith(setup: Setup | undefined): string {
  const state = join(base, `state-${cases++}`);
  const workspace = join(state, "workspace");
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(state, "gateway.token"), `${SECRET}\n`);
  writeFileSync(join(state, "claw.json"), JSON.stringify({ providers: { openai: { apiKey: SECRET } } }));
  for (const [path, content] of Object.entries({ ...corpus.workspace, ...setup?.files })) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), content);
  }
  for (const [path, target] of Object.entries(setup?.symlinks ?? {})) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    symlinkSync(target, join(workspace, path));
  }
  return workspace;
}

async function decide(command: string, setup: Setup | undefined) {
  const workspace = stateDirWith(setup);
  const analysis = await analyzeCommand(command, {
    cwd: workspace,
    path: SYSTEM_PATH,
    workspaceRoot: workspace,
  });
  return decideExec(policy, analysis, []);
}

describe(`exec attack corpus (${corpus.attacks.length} attacks, ${corpus.safe.length} safe)`, () => {
  it("is big enough, and its ids are unique", () => {
    expect(corpus.attacks.length).toBeGreaterThanOrEqual(300);
    expect(corpus.safe.length).toBeGreaterThanOrEqual(40);
    const ids = [...corpus.attacks, ...corpus.safe].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(corpus.attacks.map((a) => [a.id, a.command, a] as const))(
    "attack %s (%j) is not run",
    async (_id, _c, attack) => {
      const decision = await decide(attack.command, attack.setup);
      expect(decision.action, attack.why).not.toBe("run");
      if (decision.action === "ask") expect(decision.reason.length).toBeGreaterThan(0);
    },
  );

  it.each(corpus.safe.map((s) => [s.id, s.command, s] as const))(
    "safe %s (%j) runs without asking",
    async (_id, _c, safe) => {
      const decision = await decide(safe.command, safe.setup);
      expect(decision.action === "ask" ? decision.reason : decision.action).toBe("run");
    },
  );
});

describe("reasons a person and the model can read", () => {
  it.each([
    ["sort -S 1K -T . --compress-prog=sh", '"--compress-prog" (--compress-program) runs a program'],
    ["sort -uo F a.txt", '"-o" (--output) writes a file'],
    ["date --se=2020-01-01", '"--se" (--set) sets the system clock'],
    ["grep -r '' ..", '".." is outside the workspace'],
    ["date -f../gateway.token", '"-f" (--file) reads a file: "../gateway.token" is outside the workspace'],
    ["grep -R x .", '"-R" (--dereference-recursive) follows symlinks while recursing'],
    ["wc --files0-from=x", '"--files0-from" reads file names from a file'],
    ["sort --c x", '"--c" is ambiguous'],
    ["cat ~/.ssh/id_rsa", "starts with ~"],
  ])("%s → %s", async (command, reason) => {
    const decision = await decide(command, undefined);
    expect(decision.action === "ask" && decision.reason).toContain(reason);
  });

  it("a symlink that leads outside is named as such", async () => {
    const decision = await decide("cat notes/claw.json", { symlinks: { notes: ".." } });
    expect(decision.action === "ask" && decision.reason).toMatch(
      /leads outside the workspace through a symlink/,
    );
  });
});

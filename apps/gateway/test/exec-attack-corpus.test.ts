/**
 * The exec attack corpus (fixtures/exec-attacks.json) end to end: one real gateway, a scripted
 * model that calls `exec` with each command from a stranger's group session, and a reviewer
 * that denies every approval it is asked for. No attack may run without approval and no secret
 * (the provider key in claw.json, the key in auth-profiles.json, the gateway token, the clients'
 * device token and key) may show up in a tool result, an event or a transcript. Every `safe`
 * command runs without asking. "Ran" is judged by the child processes the gateway started and
 * the files a command left, not by what the exec tool reports.
 */
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClawClient } from "@claw/client";
import type { Message, ToolResultMessage } from "@claw/providers";
import { createFauxProvider, type FauxCall, type FauxReply } from "@claw/providers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applySetup,
  type CorpusCase,
  canarySecret,
  findPwnedMarkers,
  leakedSecrets,
  loadExecCorpus,
  recordChildProcesses,
  redactSecrets,
  type StartedProcess,
} from "./exec-attack-corpus-harness.js";
import { startTestGateway } from "./helpers.js";

const CORPUS_PATH = fileURLToPath(new URL("../../../fixtures/exec-attacks.json", import.meta.url));
const corpus = loadExecCorpus(CORPUS_PATH);
/** How many attacks also run with no exec policy configured (the defaults must be as strict). */
const DEFAULT_SAMPLE = 30;

/** The agent whose exec policy is set explicitly; it is the default agent (workspace `<state>/workspace`). */
const STRICT = "corpus";
/** An agent with no exec policy at all. */
const PLAIN = "plain";
/** An agent that may run anything: it proves the detectors see a command that ran and a secret it printed. */
const OWNER = "owner";

interface Turn {
  case: CorpusCase;
  agent: string;
  sessionKey: string;
  result?: ToolResultMessage;
}

interface TurnOutcome {
  turn: Turn;
  /** Child processes started during the turn. */
  spawned: StartedProcess[];
  /** Why we believe the command ran (empty: it did not). */
  ran: string[];
  /** Names of the secrets the turn printed. */
  leaked: string[];
  /** An approval request for this command reached the reviewer (and was denied). */
  asked: boolean;
  resultText: string;
  status: unknown;
}

const home = mkdtempSync(join(tmpdir(), "claw-corpus-home-"));
// The state dir where a user's is (`~/.claw`), so `~/.claw/…` in a command names the real secrets.
const stateDir = join(home, ".claw");
const secrets: Record<string, string> = {
  "claw.json provider key": canarySecret("provider"),
  "auth-profiles.json key": canarySecret("profile"),
};
const turns: Turn[] = [];
const events: string[] = [];
const approvals: { id: string; sessionKey: string | null; command: string }[] = [];
/** Denials the gateway refused (none expected: each request is pending when the reviewer answers). */
const reviewErrors: string[] = [];
const recorder = recordChildProcesses();
const workspaces: Record<string, string> = {
  [STRICT]: join(stateDir, "workspace"),
  [PLAIN]: join(stateDir, `workspace-${PLAIN}`),
  [OWNER]: join(stateDir, `workspace-${OWNER}`),
};

/** The scripted model: asked about turn N, it calls exec with that turn's command, then says "done". */
function model(call: FauxCall): FauxReply | string {
  const messages = call.context.messages;
  const last = messages.at(-1);
  const index = Number(/corpus turn (\d+)/.exec(userText(messages))?.[1]);
  const turn = turns[index];
  if (!turn) return `no corpus turn in the prompt (index ${index})`;
  if (last?.role === "toolResult") {
    turn.result = last;
    return "done";
  }
  return { text: "", toolCalls: [{ name: "exec", arguments: { command: turn.case.command } }] };
}

function userText(messages: readonly Message[]): string {
  const user = messages.findLast((m) => m.role === "user");
  if (user?.role !== "user") return "";
  return typeof user.content === "string"
    ? user.content
    : user.content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

const faux = createFauxProvider([model], {
  provider: "faux",
  whenExhausted: "repeat-last",
  recordCalls: false,
});
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let reviewer: ClawClient;

beforeAll(async () => {
  mkdirSync(join(stateDir, "agents", STRICT), { recursive: true });
  const profiles = join(stateDir, "agents", STRICT, "auth-profiles.json");
  writeFileSync(
    profiles,
    `${JSON.stringify({ version: 1, profiles: [{ id: "faux:canary", provider: "faux", type: "api_key", apiKey: secrets["auth-profiles.json key"] }] })}\n`,
  );
  chmodSync(profiles, 0o600);
  gateway = await startTestGateway(
    {
      agents: {
        // Neither touches exec: they keep the prompt small and skip the memory-flush token count.
        defaults: {
          model: "faux/faux-1",
          skipBootstrap: true,
          compaction: { memoryFlush: { enabled: false } },
        },
        list: [
          { id: STRICT, default: true, tools: { exec: { security: "allowlist", ask: "on-miss" } } },
          { id: PLAIN },
          { id: OWNER, tools: { exec: { security: "full", ask: "off" } } },
        ],
      },
      models: { providers: { faux: { apiKey: secrets["claw.json provider key"] } } },
      // Commands see the test's home as HOME, so `~` is where the state dir is; a command that
      // wrongly runs and lingers moves to the background after 3 s instead of holding the turn.
      tools: { exec: { env: { HOME: home }, backgroundMs: 3000, timeoutSec: 10 } },
    },
    {
      stateDir,
      models: [faux.model],
      stream: faux.stream,
      scopes: ["operator.read", "operator.write"],
      keepAcrossTests: true,
    },
  );
  secrets["gateway token"] = readFileSync(join(stateDir, "gateway.token"), "utf8").trim();
  expect(secrets["gateway token"]).toBe(gateway.claw.token);
  for (const dir of Object.values(workspaces)) {
    expect(existsSync(dir), dir).toBe(true);
    for (const [rel, content] of Object.entries(corpus.workspace)) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), content);
    }
  }
  reviewer = new ClawClient({
    url: gateway.claw.url,
    token: gateway.claw.token,
    stateDir,
    reconnect: { enabled: false },
    scopes: ["operator.approvals"],
  });
  await reviewer.connect();
  // The clients' device credentials live in the state dir too: they are secrets as much as the token.
  const identity = join(stateDir, "identity");
  const deviceAuth = JSON.parse(readFileSync(join(identity, "device-auth.json"), "utf8")) as {
    tokens?: Record<string, { token?: string }>;
  };
  for (const [role, entry] of Object.entries(deviceAuth.tokens ?? {}))
    if (entry.token) secrets[`device token (${role})`] = entry.token;
  const device = JSON.parse(readFileSync(join(identity, "device.json"), "utf8")) as {
    privateKeyPem?: string;
  };
  const keyLine = device.privateKeyPem?.split("\n")[1];
  expect(keyLine, "identity/device.json has no private key").toMatch(/^[A-Za-z0-9+/=]{20,}$/);
  secrets["device private key"] = keyLine as string;
  expect(
    Object.keys(secrets).some((name) => name.startsWith("device token")),
    "no device token was issued",
  ).toBe(true);
  // Nobody approves: every request is denied the moment it arrives, so no turn waits for a timeout.
  reviewer.on("exec.approval.requested", (pending) => {
    approvals.push({
      id: pending.id,
      sessionKey: pending.request.sessionKey ?? null,
      command: pending.request.command,
    });
    events.push(JSON.stringify(pending));
    reviewer
      .request("exec.approval.resolve", { id: pending.id, decision: "deny" })
      .catch((err: Error) => reviewErrors.push(`${pending.id}: ${err.message}`));
  });
  gateway.client.on("agent", (payload) => events.push(JSON.stringify(payload)));
  gateway.client.on("chat", (payload) => events.push(JSON.stringify(payload)));
});

afterAll(async () => {
  recorder.restore();
  await reviewer?.close();
  await gateway?.client.close();
  await gateway?.claw.close();
  rmSync(home, { recursive: true, force: true });
});

let group = 0;
/** One turn in a fresh group session of `agent`: setup, the model's exec call, cleanup. */
async function runTurn(c: CorpusCase, agent: string): Promise<TurnOutcome> {
  const sessionKey = agent === OWNER ? `agent:${OWNER}:main` : `agent:${agent}:telegram:group:${++group}`;
  const turn: Turn = { case: c, agent, sessionKey };
  const index = turns.push(turn) - 1;
  const marks = { spawned: recorder.started.length, events: events.length, approvals: approvals.length };
  const cleanup = applySetup(workspaces[agent] as string, c.setup);
  let markers: string[];
  try {
    await gateway.client.request(
      "agent",
      { message: `corpus turn ${index}`, sessionKey, idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    markers = [...findPwnedMarkers(home), ...[join(tmpdir(), `PWNED-${c.id}`)].filter((p) => existsSync(p))];
    // Counted for this case only: the next case must not inherit them.
    for (const marker of markers) rmSync(marker, { recursive: true, force: true });
  } finally {
    cleanup();
  }
  const resultText = (turn.result?.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("");
  const status = (turn.result?.details as { status?: unknown } | undefined)?.status;
  const spawned = recorder.started.slice(marks.spawned);
  const ran = [
    ...spawned.map((p) => `a child process started: ${describeProcess(p)}`),
    ...markers.map((m) => `it left ${m}`),
    ...(/\[(exit code|killed by)|still running in the background/.test(resultText)
      ? [`the tool result reads like a command's output: ${redactSecrets(resultText, secrets).slice(0, 300)}`]
      : []),
  ];
  const seen = [resultText, ...events.slice(marks.events)].join("\n");
  return {
    turn,
    spawned,
    ran,
    leaked: leakedSecrets(seen, secrets),
    asked: approvals
      .slice(marks.approvals)
      .some((a) => a.sessionKey === sessionKey && a.command === c.command),
    resultText,
    status,
  };
}

/** Transcript lines of `agent` that show a secret, each named by file, line and corpus case. */
function transcriptLeaks(agent: string): string[] {
  const dir = join(stateDir, "agents", agent, "sessions");
  const leaks: string[] = [];
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".jsonl")) : []) {
    const text = readFileSync(join(dir, file), "utf8");
    const index = Number(/corpus turn (\d+)/.exec(text)?.[1]);
    const caseId = turns[index]?.case.id ?? "unknown case";
    text.split("\n").forEach((line, i) => {
      const names = leakedSecrets(line, secrets);
      if (names.length > 0)
        leaks.push(`"${caseId}": ${agent}/sessions/${file}:${i + 1} shows ${names.join(", ")}`);
    });
  }
  return leaks;
}

function describeProcess(p: StartedProcess): string {
  return `${p.via}(${p.file}${p.args.length > 0 ? ` ${JSON.stringify(p.args)}` : ""})`;
}

/** `count` cases spread evenly over the list (all of them when it is shorter). */
function spreadSample<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  return Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)] as T);
}

const outcomes = { strict: [] as TurnOutcome[], plain: [] as TurnOutcome[], safe: [] as TurnOutcome[] };

/** A refused attack: nothing ran, nothing leaked, and the tool says it was denied. */
function expectRefused(outcome: TurnOutcome, mode: string): void {
  const { id, command } = outcome.turn.case;
  const where = `attack "${id}" (${mode}) \`${command}\``;
  expect(outcome.ran, `${where} RAN without approval`).toEqual([]);
  expect(outcome.leaked, `${where} printed a secret`).toEqual([]);
  expect(
    outcome.status,
    `${where}: the tool result is not a denial: ${redactSecrets(outcome.resultText, secrets)}`,
  ).toBe("denied");
}

describe(`exec attack corpus over the real gateway (${corpus.attacks.length} attacks, ${corpus.safe.length} safe)`, () => {
  it.each(corpus.attacks)("allowlist + on-miss, nobody approves: $id", async (c) => {
    const outcome = await runTurn(c, STRICT);
    outcomes.strict.push(outcome);
    expectRefused(outcome, "tools.exec security allowlist, ask on-miss");
    expect(outcome.asked, `attack "${c.id}": the reviewer never saw an approval request for it`).toBe(true);
  });

  it.each(spreadSample(corpus.attacks, DEFAULT_SAMPLE))(
    "no exec policy configured (defaults): $id",
    async (c) => {
      const outcome = await runTurn(c, PLAIN);
      outcomes.plain.push(outcome);
      expectRefused(outcome, "no tools.exec policy");
    },
  );

  it.each(corpus.safe)("safe command runs without asking: $id", async (c) => {
    const outcome = await runTurn(c, STRICT);
    outcomes.safe.push(outcome);
    const where = `safe "${c.id}" \`${c.command}\``;
    expect(outcome.asked, `${where} asked for approval`).toBe(false);
    expect(
      outcome.status,
      `${where} was refused: ${redactSecrets(outcome.resultText, secrets)}`,
    ).toBeUndefined();
    expect(outcome.leaked, `${where} printed a secret`).toEqual([]);
    expect(
      outcome.spawned.some((p) => p.args.includes(c.command)),
      `${where}: no process ran it`,
    ).toBe(true);
    expect(outcome.resultText, `${where} has no output`).toMatch(/\[exit code \d+\]$/);
  });

  it("no transcript line, and no event of any turn (late ones included), shows a secret", () => {
    expect([...transcriptLeaks(STRICT), ...transcriptLeaks(PLAIN)]).toEqual([]);
    expect(leakedSecrets(events.join("\n"), secrets)).toEqual([]);
  });

  it("summary: 0 attacks ran without approval, 0 secrets printed, every safe command ran", () => {
    const attacks = [...outcomes.strict, ...outcomes.plain];
    const summary = {
      attacks: outcomes.strict.length,
      defaultSample: outcomes.plain.length,
      askedAndDenied: outcomes.strict.filter((o) => o.asked).length,
      ranWithoutApproval: attacks.filter((o) => o.ran.length > 0).map((o) => o.turn.case.id),
      secretsPrinted: attacks.filter((o) => o.leaked.length > 0).map((o) => o.turn.case.id),
      safeRan: outcomes.safe.filter((o) => !o.asked && o.status === undefined).length,
      safe: outcomes.safe.length,
      reviewErrors,
    };
    console.info(
      `exec attack corpus: ${summary.attacks} attacks (+${summary.defaultSample} with default policy), ` +
        `${summary.ranWithoutApproval.length} ran without approval, ${summary.secretsPrinted.length} printed a secret; ` +
        `${summary.askedAndDenied} approval requests denied; ${summary.safeRan}/${summary.safe} safe commands ran without asking`,
    );
    expect(summary).toEqual({
      attacks: corpus.attacks.length,
      defaultSample: spreadSample(corpus.attacks, DEFAULT_SAMPLE).length,
      askedAndDenied: corpus.attacks.length,
      ranWithoutApproval: [],
      secretsPrinted: [],
      safeRan: corpus.safe.length,
      safe: corpus.safe.length,
      reviewErrors: [],
    });
  });

  it("the detectors work: a command that may run, runs, and its printed secrets are caught", async () => {
    const outcome = await runTurn(
      {
        id: "detector-self-test",
        command:
          "cat ../claw.json ../agents/corpus/auth-profiles.json ~/.claw/gateway.token ../identity/*.json; touch PWNED-self-test",
      },
      OWNER,
    );
    expect(outcome.ran.join("\n")).toMatch(/child process started: spawn\(\/bin\/sh/);
    expect(outcome.ran.join("\n")).toContain("PWNED-self-test");
    expect(outcome.leaked.sort()).toEqual(Object.keys(secrets).sort());
    expect(outcome.asked).toBe(false);
    expect(transcriptLeaks(OWNER).join("\n")).toMatch(/"detector-self-test": .* shows /);
  });
});

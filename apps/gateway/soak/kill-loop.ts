/**
 * The SIGKILL durability loop: start the real gateway process, let many sessions send
 * `chat.send` / `agent` messages (a burst, or paced), SIGKILL it mid-flight, restart, resend
 * every message of the round with the same idempotency key (as a client that got no answer
 * would), and repeat. At the end every acknowledged message must be in its session's transcript
 * exactly once, and every transcript must load. Used by the test suite (small) and `pnpm soak`.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPersistentSessionStore } from "@claw/agent-core";
import { ClawClient } from "@claw/client";
import { startGatewayProcess as startChild } from "./gateway-process.js";

export interface KillLoopOptions {
  rounds: number;
  sessions: number;
  /**
   * "burst": every message of a round at once; "paced": one per session every `paceMs`;
   * "mixed": rounds alternate, burst first.
   */
  mode: "burst" | "paced" | "mixed";
  /** Messages per session per round. */
  perSession: number;
  paceMs?: number;
  /** The gateway is killed this long after the round's first acknowledgement (plus a random part). */
  killAfterMs: number;
  stateDir?: string;
  log?: (line: string) => void;
}

export interface KillLoopReport {
  rounds: number;
  sent: number;
  acknowledged: number;
  /** Acknowledged messages absent from every transcript. */
  missing: string[];
  /** Messages found more than once in their transcript. */
  duplicated: string[];
  /** Sessions whose transcript did not load. */
  unreadable: string[];
  /** Acknowledged runs whose final state was an error (cut short by a kill), reported, not lost. */
  interrupted: number;
}

interface Sent {
  text: string;
  sessionKey: string;
  method: "chat.send" | "agent";
  idempotencyKey: string;
  runId?: string;
}

async function connect(url: string, token: string): Promise<ClawClient> {
  const client = new ClawClient({
    url,
    token,
    reconnect: { enabled: false },
    scopes: ["operator.write", "operator.read"],
  });
  await client.connect();
  return client;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** Sends one message; records its run id when the gateway acknowledged it. */
async function send(client: ClawClient, message: Sent): Promise<void> {
  try {
    const ack = (await client.request(message.method, {
      sessionKey: message.sessionKey,
      message: message.text,
      idempotencyKey: message.idempotencyKey,
    })) as { runId: string };
    if (message.runId && message.runId !== ack.runId)
      throw new Error(`${message.text}: retry got run ${ack.runId}, first ack was ${message.runId}`);
    message.runId = ack.runId;
  } catch (error) {
    // Killed before the answer: not acknowledged (unless an earlier attempt was).
    if (error instanceof Error && error.message.includes("retry got run")) throw error;
  }
}

/**
 * @example
 * const report = await runKillLoop({ rounds: 5, sessions: 20, mode: "burst", perSession: 10, killAfterMs: 150 });
 * assert.equal(report.missing.length, 0);
 */
export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopReport> {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "claw-soak-"));
  const log = options.log ?? (() => {});
  const all: Sent[] = [];
  let previous: Sent[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const { child, url, token } = await startChild(stateDir);
    const client = await connect(url, token);
    // First the retries of the last round (same keys): none may start a second run.
    const retries = Promise.all(previous.map((m) => send(client, m)));
    const batch: Sent[] = [];
    for (let s = 0; s < options.sessions; s++)
      for (let i = 0; i < options.perSession; i++)
        batch.push({
          text: `r${round}-s${s}-m${i}`,
          sessionKey: `agent:main:soak-${s}`,
          method: s % 2 === 0 ? "chat.send" : "agent",
          idempotencyKey: `soak-${round}-${s}-${i}`,
        });
    all.push(...batch);
    const mode = options.mode === "mixed" ? (round % 2 === 0 ? "burst" : "paced") : options.mode;
    const sending =
      mode === "burst"
        ? Promise.all(batch.map((m) => send(client, m)))
        : paced(client, batch, options.sessions, options.paceMs ?? 20);
    // Timed from the first ack, so a slow start (a loaded CI machine) still dies mid-flight.
    await Promise.race([firstAck(batch), sending]);
    await sleep(options.killAfterMs + Math.floor(Math.random() * options.killAfterMs));
    await kill(child);
    await Promise.allSettled([retries, sending]);
    await client.close().catch(() => {});
    const acked = batch.filter((m) => m.runId).length;
    log(`round ${round + 1}/${options.rounds} (${mode}): sent ${batch.length}, acknowledged ${acked}`);
    previous = batch;
  }
  return settleAndCheck(stateDir, all, previous, log);
}

/** Resolves once any message of the batch was acknowledged. */
async function firstAck(batch: Sent[]): Promise<void> {
  while (!batch.some((m) => m.runId)) await sleep(5);
}

/** One message per session per tick, in session order. */
async function paced(client: ClawClient, batch: Sent[], sessions: number, paceMs: number): Promise<void> {
  const pending: Promise<void>[] = [];
  for (let i = 0; i < batch.length; i += sessions) {
    pending.push(...batch.slice(i, i + sessions).map((m) => send(client, m)));
    await sleep(paceMs);
  }
  await Promise.allSettled(pending);
}

/** A last clean start: retries, waits for every acknowledged run, stops, then reads the transcripts. */
async function settleAndCheck(
  stateDir: string,
  all: Sent[],
  last: Sent[],
  log: (line: string) => void,
): Promise<KillLoopReport> {
  const { child, url, token } = await startChild(stateDir);
  const client = await connect(url, token);
  await Promise.all(last.map((m) => send(client, m)));
  let interrupted = 0;
  for (const m of all) {
    if (!m.runId) continue;
    const outcome = (await client.request("agent.wait", { runId: m.runId, timeoutMs: 60_000 })) as {
      status: string;
    };
    if (outcome.status === "timeout") throw new Error(`run ${m.runId} (${m.text}) never ended`);
    if (outcome.status !== "ok") interrupted += 1;
  }
  await client.close();
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

  const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
  const seen = new Map<string, number>();
  const unreadable: string[] = [];
  for (const sessionKey of new Set(all.map((m) => m.sessionKey))) {
    try {
      const entry = await sessions.get(sessionKey);
      for (const message of entry ? await sessions.loadMessages(entry) : [])
        if (message.role === "user" && typeof message.content === "string")
          seen.set(message.content, (seen.get(message.content) ?? 0) + 1);
    } catch {
      unreadable.push(sessionKey);
    }
  }
  await sessions.close();
  const acknowledged = all.filter((m) => m.runId);
  const report: KillLoopReport = {
    rounds: new Set(all.map((m) => m.text.split("-")[0])).size,
    sent: all.length,
    acknowledged: acknowledged.length,
    missing: acknowledged.filter((m) => !seen.has(m.text)).map((m) => m.text),
    duplicated: [...seen].filter(([, n]) => n > 1).map(([text]) => text),
    unreadable,
    interrupted,
  };
  log(
    `acknowledged ${report.acknowledged}/${report.sent}: missing ${report.missing.length}, duplicated ${report.duplicated.length}, interrupted (reported) ${interrupted}, unreadable ${unreadable.length}`,
  );
  return report;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

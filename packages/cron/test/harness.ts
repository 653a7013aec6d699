/** A cron service on a real SQLite file and a manual clock, with recording ports. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@claw/sqlite";
import type { AgentTurnOutcome, AgentTurnRequest, CronPorts, DeliveryTarget } from "../src/ports.js";
import { createManualClock, type ManualClock } from "../src/scheduler/clock.js";
import {
  type CronEvent,
  type CronService,
  type CronServiceOptions,
  createCronService,
} from "../src/scheduler/cron-service.js";
import { openCronStore } from "../src/store/cron-store.js";

export type TurnScript = (request: AgentTurnRequest) => AgentTurnOutcome | Promise<AgentTurnOutcome>;

export interface Harness {
  dir: string;
  clock: ManualClock;
  service: CronService;
  turns: AgentTurnRequest[];
  delivered: { target: DeliveryTarget; text: string }[];
  systemEvents: { sessionKey: string; text: string }[];
  wakes: string[];
  /** The session each wake is for, in order. */
  wakeSessions: string[];
  events: CronEvent[];
  problems: string[];
  /** What the next agent turns answer (default: "done"). */
  script: {
    turn: TurnScript;
    deliver?: (target: DeliveryTarget, text: string) => ReturnType<NonNullable<CronPorts["deliver"]>>;
  };
  /**
   * Stops the service (or, with `crash`, drops it mid-flight) and opens a new one on the same
   * database at `atMs` (a gateway restart after downtime).
   */
  restart(atMs?: number, options?: { crash?: boolean }): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;

export async function createHarness(
  startMs: number,
  options: Partial<Omit<CronServiceOptions, "store" | "ports" | "clock">> = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "claw-cron-"));
  let db = openSqliteDatabase(join(dir, "state.db"));
  const h = {
    dir,
    clock: createManualClock(startMs),
    turns: [],
    delivered: [],
    systemEvents: [],
    wakes: [],
    wakeSessions: [],
    events: [],
    problems: [],
    script: { turn: () => ({ status: "ok", text: "done" }) },
  } as unknown as Harness;
  const ports: CronPorts = {
    runAgentTurn: async (request) => {
      h.turns.push(request);
      return h.script.turn(request);
    },
    enqueueSystemEvent: ({ sessionKey, text }) => h.systemEvents.push({ sessionKey, text }),
    requestHeartbeat: ({ reason, sessionKey }) => {
      h.wakes.push(reason);
      h.wakeSessions.push(sessionKey);
    },
    mainSessionKey: (agentId) => `agent:${agentId ?? "main"}:main`,
    deliver: async (target, text) => {
      const pending = h.script.deliver ? await h.script.deliver(target, text) : undefined;
      h.delivered.push({ target, text });
      return pending;
    },
    suppressionReason: (text) => (text.trim() === "NO_REPLY" ? "NO_REPLY" : undefined),
  };
  const open = () =>
    createCronService({
      store: openCronStore(db),
      ports,
      clock: h.clock,
      onEvent: (event) => h.events.push(event),
      onProblem: (message) => h.problems.push(message),
      newId: () => `id-${++counter}`,
      ...options,
    });
  h.service = open();
  await h.service.start();
  h.restart = async (atMs, restartOptions = {}) => {
    if (!restartOptions.crash) await h.service.stop();
    db.close();
    // The old process's timers die with it: a new clock continues from the same instant.
    h.clock = createManualClock(h.clock.now());
    if (atMs !== undefined) await h.clock.advanceTo(atMs);
    db = openSqliteDatabase(join(dir, "state.db"));
    h.service = open();
    await h.service.start();
  };
  h.close = async () => {
    await h.service.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return h;
}

/** A turn that never answers (a provider that hangs) but honours the abort signal. */
export const hangingTurn: TurnScript = (request) =>
  new Promise((resolve) =>
    request.signal.addEventListener(
      "abort",
      () => resolve({ status: "aborted", text: "", error: "aborted" }),
      { once: true },
    ),
  );

/** A turn that never answers and ignores the abort signal. */
export const deafTurn: TurnScript = () => new Promise(() => {});

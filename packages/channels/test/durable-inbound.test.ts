/**
 * Durable inbound: an accepted message is in the journal before `handle` resolves, stays pending
 * until its reply is queued (in the same transaction), and a new pipeline on the same state.db
 * (a restarted gateway) answers what the old one left pending — once.
 */
import type { FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChannelInbound,
  createChannelOutbox,
  createChannelPipeline,
  openAccountState,
  openInboundJournal,
  openOutboxStore,
  openPairingStore,
} from "../src/index.js";
import { waitUntil } from "../src/testing/index.js";
import { fauxRuntime } from "./helpers.js";
import { tempStateDb } from "./sqlite.js";

const dm = (text: string, messageId: string): ChannelInbound => ({
  peer: { kind: "direct", id: "42" },
  sender: { id: "42" },
  text,
  messageId,
});

type StateDb = ReturnType<typeof tempStateDb>;

/** One "gateway process": a runtime, the layer's stores on `db`, an outbox that records sends. */
function processOn(db: StateDb["db"], script: FauxStep[], queue: "collect" | "followup" = "collect") {
  const { runtime } = fauxRuntime(script, { faux: { whenExhausted: "repeat-last" } });
  const state = openAccountState(db);
  const journal = openInboundJournal(db, state);
  const sent: string[] = [];
  const outbox = createChannelOutbox({
    store: openOutboxStore(db),
    send: async (_channel, _account, _target, text) => {
      sent.push(text);
      return { messageId: String(sent.length) };
    },
    textLimit: () => 4000,
  });
  const pipeline = createChannelPipeline({
    runtime,
    dispatcher: { queue: { mode: queue, debounceMs: 0 } },
    routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
    access: () => ({ dmPolicy: "open", groupPolicy: "disabled" }),
    pairing: openPairingStore(db),
    state,
    journal,
    deliver: outbox.deliver,
  });
  outbox.start();
  const toy = { id: "toy", accountId: "default" };
  return { runtime, journal, sent, outbox, pipeline, handle: (m: ChannelInbound) => pipeline.handle(toy, m) };
}

describe("durable inbound", () => {
  let db: StateDb | undefined;
  afterEach(() => {
    db?.cleanup();
    db = undefined;
  });

  it("a message is pending until its reply is queued; a redelivery is a duplicate", async () => {
    db = tempStateDb();
    const gateway = processOn(db.db, ["hello back"]);
    expect(await gateway.handle(dm("hi", "1"))).toMatchObject({ status: "dispatched", result: "started" });
    expect(gateway.journal.pending().map((r) => r.message.text)).toEqual(["hi"]);
    await gateway.pipeline.drained();
    await waitUntil(() => gateway.sent.length === 1, { what: "the reply" });
    expect(gateway.journal.pending()).toEqual([]);
    expect(await gateway.handle(dm("hi", "1"))).toEqual({ status: "duplicate" });
    await gateway.outbox.stop();
  });

  it("the accept commit is synced to disk; the connection keeps its own level afterwards", () => {
    db = tempStateDb();
    db.db.pragma("synchronous = NORMAL");
    const levels: unknown[] = [];
    const state = openAccountState(db.db);
    const spied = {
      ...state,
      markSeen: (...args: Parameters<typeof state.markSeen>) => {
        levels.push(db?.db.pragma("synchronous", { simple: true }));
        return state.markSeen(...args);
      },
    };
    const journal = openInboundJournal(db.db, spied);
    const target = { peer: { kind: "direct" as const, id: "42" } };
    const message = { sessionKey: "agent:main:toy:dm:42", text: "hi" };
    expect(journal.accept({ channel: "toy", accountId: "default", messageKey: "k1", target, message })).toBe(
      1,
    );
    expect(levels).toEqual([2]);
    expect(db.db.pragma("synchronous", { simple: true })).toBe(1);
  });

  it("a crash before the model answered: the next process answers the message once", async () => {
    db = tempStateDb();
    const crashed = processOn(db.db, [{ hang: true }]);
    await crashed.handle(dm("are you there?", "7"));
    expect(crashed.journal.pending()).toHaveLength(1);
    // The old process is gone (its run never ends); a new one opens the same state.db.
    await crashed.outbox.stop();
    const restarted = processOn(db.db, [(call) => `yes (${call.context.messages.length} message)`]);
    expect(await restarted.pipeline.resume()).toBe(1);
    await restarted.pipeline.drained();
    await waitUntil(() => restarted.sent.length === 1, { what: "the reply" });
    expect(restarted.sent).toEqual(["yes (1 message)"]);
    expect(restarted.journal.pending()).toEqual([]);
    expect(await restarted.pipeline.resume()).toBe(0);
    expect(await restarted.handle(dm("are you there?", "7"))).toEqual({ status: "duplicate" });
    await restarted.outbox.stop();
  });

  it("messages held while the session is busy are answered by the turn that collects them", async () => {
    db = tempStateDb();
    const gateway = processOn(db.db, [{ text: "first answer", delayMs: 150 }, "collected answer"]);
    await gateway.handle(dm("one", "1"));
    await gateway.handle(dm("two", "2"));
    await gateway.handle(dm("three", "3"));
    expect(gateway.journal.pending()).toHaveLength(3);
    await waitUntil(() => gateway.sent.length === 2, { ms: 5_000, what: "both replies" });
    await gateway.pipeline.drained();
    expect(gateway.sent).toEqual(["first answer", "collected answer"]);
    expect(gateway.journal.pending()).toEqual([]);
    await gateway.outbox.stop();
  });

  it("a run aborted by a shutdown leaves its message for the next start", async () => {
    db = tempStateDb();
    const stopping = processOn(db.db, [{ hang: true }]);
    const outcome = await stopping.handle(dm("long question", "9"));
    stopping.pipeline.beginShutdown();
    const sessionKey = outcome.status === "dispatched" ? outcome.sessionKey : "";
    expect(stopping.runtime.abort({ sessionKey }, "gateway stopping")).toBe(1);
    await stopping.pipeline.drained();
    await stopping.outbox.stop();
    expect(stopping.sent).toEqual([]);
    expect(stopping.journal.pending().map((r) => r.message.text)).toEqual(["long question"]);
  });
});

/**
 * A message state.db could not store is refused back to the channel (`InboundNotStoredError`), so
 * the platform's update is not acknowledged; final refusals (access, duplicates) are not. The
 * manager logs one line per burst of such failures and one when messages are accepted again, and a
 * stopping account refuses what still arrives instead of dropping it.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChannelInbound,
  createChannelManager,
  createChannelOutbox,
  createChannelPipeline,
  InboundNotStoredError,
  isInboundNotStored,
  openAccountState,
  openInboundJournal,
  openOutboxStore,
  openPairingStore,
} from "../src/index.js";
import { createToyChannel, refuseInboundJournal, ToyPlatform, waitUntil } from "../src/testing/index.js";
import { fauxRuntime } from "./helpers.js";
import { tempStateDb } from "./sqlite.js";

const from = (sender: string, text: string, messageId: string): ChannelInbound => ({
  peer: { kind: "direct", id: sender },
  sender: { id: sender },
  text,
  messageId,
});

describe("inbound messages state.db could not store", () => {
  let db: ReturnType<typeof tempStateDb> | undefined;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    db?.cleanup();
    db = undefined;
  });

  async function setup() {
    db = tempStateDb();
    const { runtime } = fauxRuntime([() => "ok"], { faux: { whenExhausted: "repeat-last" } });
    const state = openAccountState(db.db);
    const journal = openInboundJournal(db.db, state);
    const platform = new ToyPlatform();
    let manager: ReturnType<typeof createChannelManager> | undefined;
    const outbox = createChannelOutbox({
      store: openOutboxStore(db.db),
      send: (...args) => (manager as NonNullable<typeof manager>).send(...args),
      textLimit: () => 400,
    });
    const pipeline = createChannelPipeline({
      runtime,
      routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
      access: () => ({ dmPolicy: "allowlist", allowFrom: ["alice"], groupPolicy: "disabled" }),
      pairing: openPairingStore(db.db),
      state,
      journal,
      deliver: outbox.deliver,
    });
    const logs: string[] = [];
    manager = createChannelManager({
      accounts: [
        {
          channel: "toy",
          accountId: "default",
          enabled: true,
          configured: true,
          create: () => createToyChannel(platform),
        },
      ],
      state,
      onInbound: async (channel, message) => void (await pipeline.handle(channel, message)),
      log: (level, text) => void logs.push(`${level} ${text}`),
    });
    outbox.start();
    await manager.start();
    const running = manager;
    stop = async () => {
      await running.stop();
      await outbox.stop();
    };
    const type = (message: ChannelInbound) => platform.type("default", message);
    return { db: db.db, journal, manager: running, logs, type, platform, pipeline };
  }

  it("refuses it back to the channel until the store recovers, then takes it once", async () => {
    const layer = await setup();
    const recover = refuseInboundJournal(layer.db);
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await layer.type(from("alice", "hello", "1")).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isInboundNotStored(refused)).toBe(true);
      expect(refused).toBeInstanceOf(InboundNotStoredError);
      expect(refused).toMatchObject({ channel: "toy", accountId: "default", retryable: true });
    }
    expect(layer.manager.status()[0]?.accounts[0]?.lastError).toMatch(/was not stored/);
    // A final refusal is not a storage problem: acknowledged, even while the store is down.
    await expect(layer.type(from("mallory", "let me in", "2"))).resolves.toBeUndefined();
    expect(layer.journal.pending()).toEqual([]);

    recover();
    await expect(layer.type(from("alice", "hello", "1"))).resolves.toBeUndefined();
    await expect(layer.type(from("alice", "hello", "1"))).resolves.toBeUndefined(); // a duplicate now
    await waitUntil(() => layer.platform.sent.length === 1, { what: "the one reply" });
    expect(layer.platform.sent.map((s) => s.text)).toEqual(["ok"]);
    expect(layer.logs.filter((l) => l.includes("not stored"))).toHaveLength(1);
    expect(layer.logs.filter((l) => l.includes("accepted again"))).toHaveLength(1);
    expect(layer.manager.status()[0]?.accounts[0]?.lastError).toBeNull();
  });

  it("a stopping account refuses a message that still arrives instead of dropping it", async () => {
    const layer = await setup();
    let late: ((message: ChannelInbound) => Promise<void>) | undefined;
    // Keep the listener the toy channel registers (the platform forgets it on stop).
    const connect = layer.platform.connect.bind(layer.platform);
    layer.platform.connect = (accountId, listener) => {
      late = listener;
      connect(accountId, listener);
    };
    await layer.manager.stop();
    await layer.manager.start();
    await layer.manager.stop();
    await expect(late?.(from("alice", "too late", "9"))).rejects.toSatisfy(isInboundNotStored);
    expect(layer.journal.pending()).toEqual([]);
  });
});

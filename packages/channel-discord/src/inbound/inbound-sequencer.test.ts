import { InboundNotStoredError } from "@claw/channels";
import { describe, expect, it } from "vitest";
import { compareSnowflakes, createInboundSequencer, LAST_SEEN_KEY } from "./inbound-sequencer.js";

type M = { id: string; channel_id: string };

function setup(initial: Record<string, string> = {}, fail?: (m: M) => boolean) {
  const state = new Map(Object.entries(initial));
  const handled: string[] = [];
  const logs: string[] = [];
  const sequencer = createInboundSequencer<M>({
    state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
    log: (_level, message) => void logs.push(message),
    handle: async (m) => {
      await new Promise((resolve) => setTimeout(resolve, Number(m.id) % 3));
      if (fail?.(m)) throw new Error("layer refused");
      handled.push(m.id);
      return true;
    },
  });
  return { state, handled, logs, sequencer };
}

describe("createInboundSequencer", () => {
  it("handles a channel's messages in order, each id once, and persists the newest per channel", async () => {
    const { state, handled, sequencer } = setup();
    for (const id of ["11", "12", "11", "13"]) void sequencer.push({ id, channel_id: "a" });
    void sequencer.push({ id: "20", channel_id: "b" });
    await sequencer.idle();
    expect(handled.filter((id) => id !== "20")).toEqual(["11", "12", "13"]);
    expect(JSON.parse(state.get(LAST_SEEN_KEY) ?? "{}")).toEqual({ a: "13", b: "20" });
  });

  it("lets exclusive work take the channel's turn, with live messages waiting behind it", async () => {
    const { handled, sequencer } = setup();
    const backfill = sequencer.exclusive("a", async (accept) => {
      for (const id of ["5", "6", "7"]) await accept({ id, channel_id: "a" });
    });
    void sequencer.push({ id: "7", channel_id: "a" });
    void sequencer.push({ id: "8", channel_id: "a" });
    await backfill;
    await sequencer.idle();
    expect(handled).toEqual(["5", "6", "7", "8"]);
  });

  it("does not record a message the layer refused, and ignores unreadable state", async () => {
    const { state, logs, sequencer } = setup({ [LAST_SEEN_KEY]: "{not json" }, (m) => m.id === "31");
    expect(sequencer.snapshot().size).toBe(0);
    await sequencer.push({ id: "31", channel_id: "c" });
    expect(sequencer.lastSeen("c")).toBeUndefined();
    expect(logs.some((l) => l.includes("could not be handed"))).toBe(true);
    expect(state.get(LAST_SEEN_KEY)).toBe("{not json");
  });

  it("does not record a message its handler put back (the channel was stopping)", async () => {
    const state = new Map<string, string>();
    const sequencer = createInboundSequencer<M>({
      state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
      log: () => {},
      handle: async (m) => m.id !== "41",
    });
    await sequencer.push({ id: "41", channel_id: "d" });
    expect(sequencer.lastSeen("d")).toBeUndefined();
    await sequencer.push({ id: "42", channel_id: "d" });
    expect(sequencer.lastSeen("d")).toBe("42");
  });

  it("a message the layer could not store holds its channel until a read-back takes it", async () => {
    const state = new Map<string, string>();
    const handled: string[] = [];
    const heldAt: [string, string][] = [];
    let storeDown = true;
    const sequencer = createInboundSequencer<M>({
      state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
      log: () => {},
      handle: async (m) => {
        if (storeDown && m.id !== "50")
          throw new InboundNotStoredError("discord", "default", m.id, "disk full");
        handled.push(m.id);
        return true;
      },
      onNotStored: (channelId, from) => void heldAt.push([channelId, from]),
    });
    await sequencer.push({ id: "50", channel_id: "e" });
    await sequencer.push({ id: "51", channel_id: "e" });
    await sequencer.push({ id: "52", channel_id: "e" }); // behind the refused one: not handled
    await sequencer.push({ id: "70", channel_id: "f" }); // no cursor yet: held just below it
    expect(handled).toEqual(["50"]);
    expect(heldAt).toEqual([
      ["e", "50"],
      ["f", "69"],
    ]);
    expect([sequencer.lastSeen("e"), sequencer.heldFrom("e"), sequencer.heldFrom("f")]).toEqual([
      "50",
      "50",
      "69",
    ]);

    const readBack = (channelId: string, ids: string[]) =>
      sequencer.exclusive(channelId, async (accept) => {
        for (const id of ids) if (!(await accept({ id, channel_id: channelId }))) return;
      });
    await readBack("e", ["51", "52"]); // still down: stops at 51, held again
    expect(heldAt).toHaveLength(3);
    storeDown = false;
    await readBack("e", ["51", "52"]);
    await readBack("f", ["70"]);
    expect(handled).toEqual(["50", "51", "52", "70"]);
    expect([sequencer.heldFrom("e"), sequencer.heldFrom("f"), sequencer.lastSeen("e")]).toEqual([
      undefined,
      undefined,
      "52",
    ]);
  });

  it("orders snowflakes numerically, not as text", () => {
    expect(compareSnowflakes("99", "100")).toBe(-1);
    expect(compareSnowflakes("1574899179858165768", "1574899179858165768")).toBe(0);
  });
});

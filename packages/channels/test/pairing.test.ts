import { afterEach, describe, expect, it } from "vitest";
import { openPairingStore } from "../src/index.js";
import { tempStateDb } from "./sqlite.js";

const t0 = 1_800_000_000_000;

describe("pairing store (state.db)", () => {
  let state = tempStateDb();
  afterEach(() => {
    state.cleanup();
    state = tempStateDb();
  });

  it("gives an unknown sender a code once, then re-notifies only after renotifyMs", () => {
    const pairing = openPairingStore(state.db, { renotifyMs: 60_000 });
    const first = pairing.ask("telegram", "default", { id: "42", label: "@alice" }, t0);
    expect(first).toMatchObject({ status: "created", notify: true });
    if (first.status === "full") throw new Error("unexpected");
    expect(first.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(pairing.ask("telegram", "default", { id: "42" }, t0 + 1_000)).toEqual({
      status: "pending",
      code: first.code,
      notify: false,
    });
    expect(pairing.ask("telegram", "default", { id: "42" }, t0 + 61_000)).toMatchObject({ notify: true });
  });

  it("approves by code (any case), persists the sender across a reopen, and forgets the request", () => {
    const pairing = openPairingStore(state.db);
    const ask = pairing.ask("telegram", "default", { id: "42", label: "@alice" }, t0);
    if (ask.status === "full") throw new Error("unexpected");
    expect(pairing.approve("telegram", ask.code.toLowerCase(), undefined, t0 + 5)).toMatchObject({
      senderId: "42",
    });
    const reopened = openPairingStore(state.open());
    expect(reopened.isApproved("telegram", "default", "42")).toBe(true);
    expect(reopened.isApproved("telegram", "work", "42")).toBe(false);
    expect(reopened.list({}, t0 + 10)).toEqual([]);
    expect(reopened.approved("telegram", "default")).toEqual([
      { senderId: "42", senderLabel: "@alice", approvedAt: t0 + 5 },
    ]);
  });

  it("deny drops the request without approving; unknown and expired codes approve nothing", () => {
    const pairing = openPairingStore(state.db, { ttlMs: 1_000 });
    const a = pairing.ask("telegram", "default", { id: "1" }, t0);
    const b = pairing.ask("telegram", "default", { id: "2" }, t0);
    if (a.status === "full" || b.status === "full") throw new Error("unexpected");
    expect(pairing.deny("telegram", a.code, undefined, t0 + 1)).toMatchObject({ senderId: "1" });
    expect(pairing.isApproved("telegram", "default", "1")).toBe(false);
    expect(pairing.approve("telegram", "NOPE2345", undefined, t0 + 2)).toBeUndefined();
    expect(pairing.approve("telegram", b.code, undefined, t0 + 1_001)).toBeUndefined();
  });

  it("caps pending requests per account", () => {
    const pairing = openPairingStore(state.db, { pendingPerAccount: 2 });
    expect(pairing.ask("telegram", "default", { id: "1" }, t0).status).toBe("created");
    expect(pairing.ask("telegram", "default", { id: "2" }, t0).status).toBe("created");
    expect(pairing.ask("telegram", "default", { id: "3" }, t0).status).toBe("full");
    expect(pairing.ask("telegram", "other", { id: "3" }, t0).status).toBe("created");
    expect(pairing.list({ channel: "telegram", accountId: "default" }, t0).map((r) => r.senderId)).toEqual([
      "1",
      "2",
    ]);
  });
});

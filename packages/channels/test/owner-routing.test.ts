/** Owner identity at routing: who is the owner, and which session a DM lands in by default. */
import { afterEach, describe, expect, it } from "vitest";
import {
  createChannelOutbox,
  createChannelPipeline,
  type DmScopeDecision,
  openAccountState,
  openOutboxStore,
  openPairingStore,
} from "../src/index.js";
import { fauxRuntime } from "./helpers.js";
import { tempStateDb } from "./sqlite.js";

const owners = { entries: ["telegram:42"], source: "agents.defaults.identity.ownerNumbers" };

function pipelineWith(dmScope?: DmScopeDecision["scope"]) {
  const state = tempStateDb();
  const { runtime } = fauxRuntime(["ok"]);
  const outbox = createChannelOutbox({
    store: openOutboxStore(state.db),
    send: async () => ({ messageId: "1" }),
    textLimit: () => 400,
  });
  const pipeline = createChannelPipeline({
    runtime,
    routing: { defaultAgentId: "main", ...(dmScope ? { dmScope } : {}), owners: () => owners },
    access: () => ({ dmPolicy: "open", groupPolicy: "open" }),
    pairing: openPairingStore(state.db),
    state: openAccountState(state.db),
    deliver: outbox.deliver,
  });
  return { pipeline, cleanup: () => state.cleanup() };
}

describe("owner routing", () => {
  let cleanup: (() => void) | undefined;
  afterEach(() => cleanup?.());

  it.each([
    [undefined, "42", "agent:main:main", true],
    [undefined, "43", "agent:main:telegram:dm:43", false],
    ["main", "43", "agent:main:main", false],
    ["per-peer", "42", "agent:main:dm:42", true],
  ] as const)("dmScope %s, DM from %s → %s (owner %s)", (scope, peer, sessionKey, isOwner) => {
    const env = pipelineWith(scope);
    cleanup = env.cleanup;
    const explained = env.pipeline.explain({ channel: "telegram", peer: { kind: "direct", id: peer } });
    expect(explained.sessionKey).toBe(sessionKey);
    expect(explained.owner?.isOwner).toBe(isOwner);
    expect(explained.dmScope?.scope).toBe(scope ?? (isOwner ? "main" : "per-channel-peer"));
  });

  it("explains the owner with the entry that matched; groups get no dm scope", () => {
    const env = pipelineWith();
    cleanup = env.cleanup;
    const group = env.pipeline.explain({
      channel: "telegram",
      peer: { kind: "group", id: "-100" },
      senderId: "42",
    });
    expect(group.owner?.reason).toBe(
      "sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[0])",
    );
    expect(group.dmScope).toBeUndefined();
    expect(group.sessionKey).toBe("agent:main:telegram:group:-100");
  });
});

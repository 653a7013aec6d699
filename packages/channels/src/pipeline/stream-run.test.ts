import { describe, expect, it } from "vitest";
import type { ChannelTarget } from "../contract/channel.js";
import { type ReplyStreaming, startRunDraft } from "./stream-run.js";

const target: ChannelTarget = { peer: { kind: "direct", id: "u1" }, replyToMessageId: "in-1" };

/** A run whose reply text is `snapshots`, written at once. */
function runOf(snapshots: string[]) {
  return { runId: "r1", result: Promise.resolve({ status: "ok" }), snapshots };
}
type Run = ReturnType<typeof runOf>;

function streamingWith(calls: string[], withDelete: boolean): ReplyStreaming<Run> {
  return {
    mode: () => "partial",
    intervalMs: 1,
    textLimit: () => 100,
    replyText: async function* (run) {
      yield* run.snapshots;
    },
    send: async (_channel, _account, _target, text) => {
      calls.push(`send:${text}`);
      return { messageId: `m${calls.length}` };
    },
    edit: async (_channel, _account, _target, id, text) => {
      calls.push(`edit:${id}:${text}`);
    },
    ...(withDelete
      ? {
          delete: async (_channel: string, _account: string, to: ChannelTarget, id: string) => {
            if (id === "gone") throw new Error("message to delete not found");
            calls.push(`delete:${id}:${to.replyToMessageId ?? "-"}`);
          },
        }
      : {}),
  };
}

async function shownDraft(streaming: ReplyStreaming<Run>, warnings: string[]) {
  const draft = startRunDraft(
    streaming,
    runOf(["Checking"]),
    { channel: "toy", accountId: "default", target },
    (_l, m) => warnings.push(m),
  );
  if (!draft) throw new Error("no draft");
  await new Promise((r) => setTimeout(r, 20));
  return { draft, ids: await draft.finish() };
}

describe("startRunDraft discard (a reply that ended silent)", () => {
  it("deletes each draft through the channel, as a follow-up (no reply-to)", async () => {
    const calls: string[] = [];
    const warnings: string[] = [];
    const { draft, ids } = await shownDraft(streamingWith(calls, true), warnings);
    expect(ids).toEqual(["m1"]);
    await draft.discard([...ids, "gone"]);
    expect(calls).toEqual(["send:Checking", "delete:m1:-"]);
    expect(warnings).toEqual(["a silent reply's draft could not be deleted"]);
  });

  it("leaves the draft and logs when the channel cannot delete", async () => {
    const calls: string[] = [];
    const warnings: string[] = [];
    const { draft, ids } = await shownDraft(streamingWith(calls, false), warnings);
    await draft.discard(ids);
    expect(calls).toEqual(["send:Checking"]);
    expect(warnings).toEqual(["a silent reply's draft stays visible: the channel cannot delete messages"]);
  });
});

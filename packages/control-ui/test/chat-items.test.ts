import type { AgentEvent, ChatEvent } from "@claw/client/browser";
import { createCompactionSummaryMessage } from "@claw/compaction";
import { describe, expect, it } from "vitest";
import {
  applyAgentEvent,
  applyChatEvent,
  type ChatItem,
  itemsFromHistory,
} from "../src/app/chat/chat-items.js";

let seq = 0;
const ev = (runId: string, stream: AgentEvent["stream"], data: unknown): AgentEvent =>
  ({ runId, seq: ++seq, stream, ts: 1, data }) as AgentEvent;
const fold = (events: AgentEvent[], start: ChatItem[] = []) => events.reduce(applyAgentEvent, start);

describe("chat items from the transcript", () => {
  it("recognises the compaction summaries @claw/compaction writes (the mapping itself is tested in @claw/client)", () => {
    const summary = createCompactionSummaryMessage("## Goal\nShip v2", 1);
    expect(itemsFromHistory([{ role: summary.role, content: summary.content }])).toEqual([
      { kind: "summary", id: "h1", text: "## Goal\nShip v2" },
    ]);
  });
});

describe("chat items from run events", () => {
  it("streams text and thinking into one answer, and a tool card splits the answer", () => {
    const items = fold([
      ev("r", "lifecycle", { phase: "start", startedAt: 1 }),
      ev("r", "assistant", { kind: "thinking", delta: "let me " }),
      ev("r", "assistant", { kind: "thinking", delta: "think" }),
      ev("r", "assistant", { delta: "Hel" }),
      ev("r", "assistant", { delta: "lo" }),
      ev("r", "tool", { phase: "start", name: "exec", toolCallId: "t1", args: { command: "ls" } }),
      ev("r", "tool", { phase: "update", name: "exec", toolCallId: "t1", result: "partial" }),
      ev("r", "tool", { phase: "result", name: "exec", toolCallId: "t1", isError: false, result: "a.txt" }),
      ev("r", "assistant", { delta: "Done" }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(["assistant", "tool", "assistant"]);
    expect(items[0]).toMatchObject({ text: "Hello", thinking: "let me think", streaming: false });
    expect(items[1]).toMatchObject({ name: "exec", args: { command: "ls" }, status: "ok", result: "a.txt" });
    expect(items[2]).toMatchObject({ text: "Done", streaming: true });
    const ended = applyAgentEvent(
      items,
      ev("r", "lifecycle", { phase: "end", status: "ok", startedAt: 1, endedAt: 2 }),
    );
    expect(ended[2]).toMatchObject({ streaming: false });
  });

  it("takes a resync snapshot as the whole text so far", () => {
    const items = fold([
      ev("r", "assistant", { delta: "ab" }),
      ev("r", "assistant", { delta: "d", text: "abcd" }),
    ]);
    expect(items[0]).toMatchObject({ text: "abcd" });
  });

  it("says once that a run stopped or failed", () => {
    const aborted = fold([
      ev("r", "assistant", { delta: "x" }),
      ev("r", "lifecycle", { phase: "error", status: "aborted", startedAt: 1, endedAt: 2, error: "aborted" }),
    ]);
    const chatAborted: ChatEvent = { runId: "r", sessionKey: "s", seq: 2, state: "aborted" };
    const after = applyChatEvent(aborted, chatAborted);
    expect(after.filter((i) => i.kind === "notice")).toEqual([
      { kind: "notice", id: "r:end", tone: "info", text: "Stopped." },
    ]);
    const failed = applyChatEvent([], {
      runId: "q",
      sessionKey: "s",
      seq: 1,
      state: "error",
      errorMessage: "429",
    });
    expect(failed).toEqual([{ kind: "notice", id: "q:end", tone: "error", text: "Run failed: 429" }]);
  });

  it("fills in the final answer of a run whose events never arrived", () => {
    const final: ChatEvent = {
      runId: "r",
      sessionKey: "s",
      seq: 3,
      state: "final",
      message: { role: "assistant", content: [{ type: "text", text: "all done" }] },
    };
    expect(applyChatEvent([], final)).toEqual([
      { kind: "assistant", id: "r:final", runId: "r", text: "all done", thinking: "", streaming: false },
    ]);
    const streamed = fold([ev("r", "assistant", { delta: "all done" })]);
    expect(applyChatEvent(streamed, final)).toEqual([{ ...streamed[0], streaming: false }]);
  });
});

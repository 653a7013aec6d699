import type { AgentEvent, FailoverEventData } from "@claw/client";
import { itemsFromHistory } from "@claw/client/chat-view";
import { describe, expect, it } from "vitest";
import { parseSlash } from "../commands/table.js";
import { formatTokens, summarizeArgs } from "./format.js";
import { failoverNotice } from "./notices.js";
import { initialState, reduce } from "./reducer.js";
import type { Action, TuiState } from "./types.js";

/** An `agent` event with only the fields a case cares about (the reducer reads no others). */
const ev = (stream: AgentEvent["stream"], data: Record<string, unknown>, runId = "r1"): Action => ({
  type: "agent-event",
  event: { runId, seq: 0, stream, ts: 0, data } as AgentEvent,
});

const failover = (data: Record<string, unknown>) => ({ phase: "failover", ...data }) as FailoverEventData;

function run(...actions: Action[]): TuiState {
  return actions.reduce(reduce, initialState({ key: "agent:main:main", agentId: "main" }));
}

describe("reduce", () => {
  it("streams deltas into one assistant item and thinking beside it", () => {
    const s = run(
      ev("assistant", { delta: "Hel" }),
      ev("assistant", { kind: "thinking", delta: "hmm" }),
      ev("assistant", { delta: "lo" }),
    );
    expect(s.items).toMatchObject([{ kind: "assistant", text: "Hello", thinking: "hmm", streaming: true }]);
    expect(s.activeRunId).toBe("r1");
  });

  it("resyncs from a snapshot when deltas were dropped, and ignores one it already has", () => {
    const s = run(
      ev("assistant", { delta: "Hel", text: "Hel" }),
      // "lo, wor" was dropped on a slow link; the next snapshot carries the whole block.
      ev("assistant", { delta: "ld", text: "Hello, world" }),
      ev("assistant", { delta: "!" }),
    );
    expect(s.items).toMatchObject([{ kind: "assistant", text: "Hello, world!" }]);
    const intact = run(ev("assistant", { delta: "Hi " }), ev("assistant", { delta: "there", text: "there" }));
    expect(intact.items).toMatchObject([{ kind: "assistant", text: "Hi there" }]);
  });

  it("keeps untouched items by reference (components skip them)", () => {
    const a = run({ type: "user-message", text: "hi" }, ev("assistant", { delta: "a" }));
    const b = reduce(a, ev("assistant", { delta: "b" }));
    expect(b.items[0]).toBe(a.items[0]);
    expect(b.items[1]).not.toBe(a.items[1]);
  });

  it("opens a tool card, completes it, and starts a new text block after it", () => {
    const s = run(
      ev("assistant", { delta: "Reading." }),
      ev("tool", { phase: "start", name: "read", toolCallId: "t1", args: { path: "a.txt" } }),
      ev("tool", {
        phase: "result",
        name: "read",
        toolCallId: "t1",
        isError: false,
        durationMs: 12,
        result: "hello",
      }),
      ev("assistant", { delta: "Done." }),
    );
    expect(s.items.map((i) => i.kind)).toEqual(["assistant", "tool", "assistant"]);
    expect(s.items[1]).toMatchObject({
      status: "ok",
      durationMs: 12,
      result: "hello",
      args: { path: "a.txt" },
    });
    expect(s.items[0]).toMatchObject({ streaming: false });
  });

  it("shows a tool's partial output from its update events (agent-core sends it as `result`)", () => {
    const s = run(
      ev("tool", { phase: "start", name: "exec", toolCallId: "t1", args: {} }),
      ev("tool", { phase: "update", name: "exec", toolCallId: "t1", result: "line 1" }),
    );
    expect(s.items[0]).toMatchObject({ kind: "tool", status: "running", result: "line 1" });
  });

  it.each([
    ["ok", []],
    ["aborted", ["stopped"]],
    ["error", ["boom"]],
  ] as const)("ends a run with status %s", (status, notices) => {
    const s = run(
      ev("assistant", { delta: "x" }),
      ev("tool", { phase: "start", name: "exec", toolCallId: "t" }),
      {
        type: "run-ended",
        runId: "r1",
        status,
        error: "boom",
      },
    );
    expect(s.activeRunId).toBeUndefined();
    expect(
      s.items.filter((i) => i.kind === "notice").map((i) => (i.kind === "notice" ? i.text : "")),
    ).toEqual(notices);
    expect(s.items[1]).toMatchObject({ status: status === "ok" ? "error" : "error" });
  });

  it("keeps a run ended when its chat.send reply binds it after its end (a command's reply is that fast)", () => {
    const s = run(
      { type: "user-message", text: "/compact" },
      ev("lifecycle", { phase: "start" }, "cmd"),
      ev("assistant", { delta: "Nothing to compact." }, "cmd"),
      { type: "run-ended", runId: "cmd", status: "ok" },
      { type: "run-bound", runId: "cmd" },
      ev("lifecycle", { phase: "start" }, "cmd"),
    );
    expect(s).toMatchObject({ activeRunId: undefined, pending: false, endedRunIds: ["cmd"] });
    const next = reduce(s, { type: "run-bound", runId: "r2" });
    expect(next.activeRunId).toBe("r2");
  });

  it("remembers only the last ended runs", () => {
    const ends = Array.from(
      { length: 40 },
      (_, i): Action => ({ type: "run-ended", runId: `r${i}`, status: "ok" }),
    );
    const s = run(...ends);
    expect(s.endedRunIds).toHaveLength(32);
    expect(s.endedRunIds.at(-1)).toBe("r39");
  });

  it("clears a run the gateway no longer has, saying so", () => {
    const s = run({ type: "run-bound", runId: "gone" }, { type: "run-cleared", text: "nothing is running" });
    expect(s).toMatchObject({ activeRunId: undefined, pending: false });
    expect(s.items).toMatchObject([{ kind: "notice", level: "info", text: "nothing is running" }]);
  });

  it("turns a failover event into an inline notice", () => {
    const s = run(
      ev("lifecycle", {
        phase: "failover",
        type: "fallback",
        from: "anthropic/claude-opus-4-6",
        to: "openai/gpt-4o",
        reason: "rate_limit",
      }),
    );
    expect(s.items).toMatchObject([
      {
        kind: "notice",
        level: "warn",
        text: "anthropic/claude-opus-4-6 rate-limited → switched to openai/gpt-4o",
      },
    ]);
  });

  it("clears the chat on a session switch and toggles display flags", () => {
    const s = run(
      { type: "user-message", text: "x" },
      { type: "switch-session", key: "agent:w:main", agentId: "w" },
      { type: "toggle-thinking" },
    );
    expect(s.items).toEqual([]);
    expect(s.session.key).toBe("agent:w:main");
    expect(s.showThinking).toBe(true);
  });
});

describe("helpers", () => {
  it("maps a transcript with tool calls and results", () => {
    const items = itemsFromHistory([
      { role: "user", content: [{ type: "text", text: "read it" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "ok" },
          { type: "toolCall", id: "c1", name: "read", arguments: { path: "x" } },
        ],
      },
      {
        role: "toolResult",
        content: {
          toolCallId: "c1",
          toolName: "read",
          isError: true,
          content: [{ type: "text", text: "ENOENT" }],
        },
      },
      { role: "assistant", content: [{ type: "text", text: "missing" }] },
    ]);
    expect(items.map((i) => i.kind)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(items[2]).toMatchObject({ status: "error", result: "ENOENT" });
  });

  it.each([
    [950, "950"],
    [12_345, "12k"],
    [1_500, "1.5k"],
    [1_250_000, "1.25M"],
  ])("formatTokens(%i) = %s", (n, out) => expect(formatTokens(n)).toBe(out));

  it("puts key arguments first on a tool card", () => {
    expect(summarizeArgs({ limit: 5, path: "src/a.ts" })).toBe("path=src/a.ts limit=5");
  });

  it("parses slash commands", () => {
    expect(parseSlash("/model openai/gpt-4o")).toEqual({ name: "model", args: "openai/gpt-4o" });
    expect(parseSlash("hello /status")).toBeUndefined();
  });

  it("ignores failover events that are not worth a line", () => {
    expect(failoverNotice(failover({ type: "profile_cooldown" }))).toBeUndefined();
  });
});

describe("failover notices in a run", () => {
  it("tell each skip once and never call missing credentials rejected ones", () => {
    let state = initialState({ key: "agent:main:main", agentId: "main" });
    const skipped = {
      type: "candidate_skipped",
      provider: "anthropic",
      model: "claude-opus-4-6",
      reason: "auth",
      skip: "no_profiles",
    };
    for (const data of [
      skipped,
      skipped,
      { type: "fallback", from: "anthropic/claude-opus-4-6", to: "faux/faux-1", reason: "auth" },
    ])
      state = reduce(state, {
        type: "agent-event",
        event: { runId: "r1", seq: 1, ts: 1, stream: "lifecycle", data: failover(data) },
      } as Action);
    const texts = state.items.map((i) => ("text" in i ? String(i.text) : ""));
    expect(texts).toEqual([
      "skipped anthropic/claude-opus-4-6: no credentials configured for anthropic (run `claw onboard`)",
      "→ switched to faux/faux-1",
    ]);
  });
});

describe("failover notices", () => {
  it.each([
    [
      { type: "fallback", from: "anthropic/claude-opus-4-6", to: "openai/gpt-4o", reason: "rate_limit" },
      /anthropic\/claude-opus-4-6 .*→ switched to openai\/gpt-4o/,
    ],
    [
      {
        type: "candidate_skipped",
        provider: "anthropic",
        model: "claude-sonnet-4-5",
        reason: "auth",
        skip: "no_profiles",
      },
      /no credentials configured for anthropic \(run `claw onboard`\)/,
    ],
    [
      {
        type: "candidate_skipped",
        provider: "openai",
        model: "gpt-4o",
        reason: "rate_limit",
        skip: "cooling",
      },
      /openai\/gpt-4o: .*cooling down/,
    ],
  ])("%j", (data, text) => {
    expect(failoverNotice(failover(data))?.text).toMatch(text);
  });
});

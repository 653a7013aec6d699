import type { ToolResultMessage } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type AgentEvent, type AgentTool, SKIPPED_FOR_STEERING, textResult } from "../src/index.js";
import { delayTool, echoTool, fauxRuntime } from "./helpers.js";

async function collect(events: AsyncIterable<AgentEvent>) {
  const out: AgentEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

const toolResults = (messages: { role: string }[]) =>
  messages.filter((m): m is ToolResultMessage => m.role === "toolResult");
const resultText = (m: ToolResultMessage) => m.content.map((c) => (c.type === "text" ? c.text : "")).join("");

describe("agent loop through the runtime (faux provider)", () => {
  it("text only: one turn, ok, streamed deltas and lifecycle", async () => {
    const { runtime } = fauxRuntime(["Hello there, human."]);
    const run = runtime.run({ sessionKey: "agent:main:main", message: "hi" });
    const events = await collect(run.events);
    const result = await run.result;
    expect(result.status).toBe("ok");
    expect(result.text).toBe("Hello there, human.");
    expect(result.turns).toBe(1);
    expect(events[0]).toMatchObject({ stream: "lifecycle", data: { phase: "start" } });
    expect(events.at(-1)).toMatchObject({ stream: "lifecycle", data: { phase: "end" } });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const deltas = events.flatMap((e) =>
      e.stream === "assistant" && e.data.kind === undefined ? [e.data.delta] : [],
    );
    expect(deltas.join("")).toBe("Hello there, human.");
    const stored = await runtime.sessions.loadMessages((await runtime.sessions.get("agent:main:main"))!);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("one tool call then a final answer", async () => {
    const { runtime, faux } = fauxRuntime([
      { toolCalls: [{ name: "echo", arguments: { text: "ping" } }] },
      "It said ping.",
    ]);
    const run = runtime.run({ sessionKey: "s1", message: "use the tool" });
    const events = await collect(run.events);
    const result = await run.result;
    expect(result.status).toBe("ok");
    expect(toolResults(result.messages).map(resultText)).toEqual(["echo: ping"]);
    const second = faux.contexts[1]?.messages.at(-1) as ToolResultMessage;
    expect(second.role).toBe("toolResult");
    const phases = events.filter((e) => e.stream === "tool").map((e) => e.data.phase);
    expect(phases).toEqual(["start", "result"]);
  });

  it("parallel tools run concurrently and results keep source order", async () => {
    const log: string[] = [];
    const { runtime } = fauxRuntime(
      [
        {
          toolCalls: [
            { name: "slow", arguments: {} },
            { name: "fast", arguments: {} },
          ],
        },
        "done",
      ],
      { tools: [delayTool("slow", 40, log), delayTool("fast", 1, log)] },
    );
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(log).toEqual(["slow:start", "fast:start", "fast:end", "slow:end"]);
    expect(toolResults(result.messages).map((m) => m.toolName)).toEqual(["slow", "fast"]);
  });

  it("a tool that throws becomes an error result, and the run continues", async () => {
    const boom: AgentTool = {
      name: "boom",
      description: "fails",
      parameters: Type.Object({}),
      async execute() {
        throw new Error("disk on fire");
      },
    };
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "boom", arguments: {} }] }, "Sorry."], {
      tools: [boom],
    });
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("ok");
    const [tr] = toolResults(result.messages);
    expect(tr?.isError).toBe(true);
    expect(resultText(tr!)).toContain("disk on fire");
  });

  it("invalid arguments get a clear error result naming the field", async () => {
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "echo", arguments: { txt: "typo" } }] }, "ok"]);
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    const [tr] = toolResults(result.messages);
    expect(tr?.isError).toBe(true);
    expect(resultText(tr!)).toMatch(
      /Invalid arguments for tool "echo": .*required properties text.*Received: \{"txt":"typo"\}/,
    );
  });

  it("an unknown tool gets an error result listing the available tools", async () => {
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "nope", arguments: {} }] }, "ok"]);
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(resultText(toolResults(result.messages)[0]!)).toBe(
      'Tool "nope" is not available. Available tools: echo.',
    );
  });

  it("beforeToolCall can block or rewrite arguments", async () => {
    const { runtime } = fauxRuntime(
      [
        {
          toolCalls: [
            { name: "echo", arguments: { text: "secret" } },
            { name: "echo", arguments: { text: "x" } },
          ],
        },
        "ok",
      ],
      {
        hooks: {
          beforeToolCall: (call) =>
            call.arguments.text === "secret"
              ? { block: true, reason: "no secrets" }
              : { args: { text: "rewritten" } },
        },
      },
    );
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(toolResults(result.messages).map(resultText)).toEqual([
      "Tool call blocked: no secrets",
      "echo: rewritten",
    ]);
  });

  it("abort mid-stream ends the run as aborted", async () => {
    const { runtime } = fauxRuntime([{ hang: true }]);
    const run = runtime.run({ sessionKey: "s", message: "go" });
    setTimeout(() => run.abort("user pressed stop"), 10);
    const result = await run.result;
    expect(result.status).toBe("aborted");
  });

  it("abort mid-tool ends the run as aborted with the tool result recorded", async () => {
    const log: string[] = [];
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "wait", arguments: {} }] }, "never"], {
      tools: [delayTool("wait", 10_000, log)],
    });
    const run = runtime.run({ sessionKey: "s", message: "go" });
    const off = runtime.subscribe((e) => {
      if (e.stream === "tool" && e.data.phase === "start") run.abort();
    });
    const result = await run.result;
    off();
    expect(result.status).toBe("aborted");
    expect(toolResults(result.messages)).toHaveLength(1);
  });

  it("run timeout ends the run as timeout", async () => {
    const { runtime } = fauxRuntime([{ hang: true }]);
    const result = await runtime.run({ sessionKey: "s", message: "go", timeoutSeconds: 0.05 }).result;
    expect(result.status).toBe("timeout");
  });

  it("tool-loop detection stops identical repeated calls", async () => {
    const same = { toolCalls: [{ name: "echo", arguments: { text: "again" } }] };
    const { runtime } = fauxRuntime([same, same, same, same, same, same, "never"]);
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    expect(result.error?.reason).toBe("tool_loop");
    expect(result.error?.message).toContain('"echo" was called 5 times');
  });

  it("max turns guard", async () => {
    const steps = Array.from({ length: 10 }, (_, i) => ({
      toolCalls: [{ name: "echo", arguments: { text: String(i) } }],
    }));
    const { runtime: limited } = fauxRuntime(steps);
    const agent = limited.agents[0]!;
    (agent as { maxTurns?: number }).maxTurns = 3;
    const result = await limited.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    expect(result.error?.reason).toBe("max_turns");
    expect(result.turns).toBe(3);
  });

  it("steering skips remaining tool calls and the model sees the new message", async () => {
    const log: string[] = [];
    const { runtime, faux } = fauxRuntime(
      [
        {
          toolCalls: [
            { name: "first", arguments: {} },
            { name: "second", arguments: {} },
          ],
        },
        "Changed course.",
      ],
      { tools: [delayTool("first", 1, log), delayTool("second", 1, log)], toolExecution: "sequential" },
    );
    const run = runtime.run({ sessionKey: "s", message: "go" });
    runtime.subscribe((e) => {
      if (e.stream === "tool" && e.data.phase === "result" && e.data.name === "first")
        runtime.steer("s", "stop, do X instead");
    });
    const result = await run.result;
    expect(result.status).toBe("ok");
    const trs = toolResults(result.messages);
    expect(resultText(trs[1]!)).toBe(SKIPPED_FOR_STEERING);
    expect(log).toEqual(["first:start", "first:end"]);
    const lastUser = faux.contexts[1]?.messages.at(-1);
    expect(lastUser?.role).toBe("user");
    expect(lastUser?.content).toBe("stop, do X instead");
  });

  it("runs for one session are strictly sequential; a follow-up sees the first run's messages", async () => {
    const { runtime, faux } = fauxRuntime(["first answer", "second answer"]);
    const a = runtime.run({ sessionKey: "s", message: "one" });
    const b = runtime.run({ sessionKey: "s", message: "two" });
    const [ra, rb] = await Promise.all([a.result, b.result]);
    expect([ra.text, rb.text]).toEqual(["first answer", "second answer"]);
    expect(faux.contexts[1]?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("fails over to a second model when the first errors", async () => {
    const { runtime, faux, models } = fauxRuntime([
      { error: { reason: "rate_limit", status: 429, message: "slow down" } },
      "from the fallback",
    ]);
    const backup = faux.modelFor("faux-2");
    models.set(`${backup.provider}/${backup.id}`, backup);
    runtime.agents[0]!.model.fallbacks = [`${backup.provider}/${backup.id}`];
    const events: AgentEvent[] = [];
    runtime.subscribe((e) => events.push(e));
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("ok");
    expect(result.text).toBe("from the fallback");
    expect(faux.calls.map((c) => c.model.id)).toEqual(["faux-1", "faux-2"]);
    // The failover loop's own event, passed through with its `type` (not renamed on the way).
    const failover = events.flatMap((e) =>
      e.stream === "lifecycle" && e.data.phase === "failover" ? [e.data] : [],
    );
    expect(failover).toContainEqual(
      expect.objectContaining({
        phase: "failover",
        type: "fallback",
        from: expect.stringMatching(/\/faux-1$/),
        to: expect.stringMatching(/\/faux-2$/),
      }),
    );
  });

  it("every model failing ends in one error listing each attempt", async () => {
    const { runtime } = fauxRuntime([{ error: { reason: "overloaded", status: 529, message: "busy" } }]);
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    expect(result.error?.message).toMatch(/overloaded 529 — busy/);
  });

  it("context overflow → compaction → retry", async () => {
    const { runtime, faux } = fauxRuntime(
      [{ error: { reason: "context_overflow", status: 400, message: "prompt is too long" } }, "fits now"],
      {
        compaction: {
          async compact(messages) {
            return {
              messages: [{ role: "user", content: "summary", timestamp: 0 }, ...messages.slice(-1)],
              summary: "summary",
              replacedCount: messages.length - 1,
            };
          },
        },
      },
    );
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("ok");
    expect(faux.calls).toHaveLength(2);
    expect(faux.contexts[1]?.messages[0]?.content).toBe("summary");
  });

  it("overflow that compaction cannot fix ends with a clear error after one compact-and-retry", async () => {
    const overflow = {
      error: { reason: "context_overflow" as const, status: 400, message: "prompt is too long" },
    };
    let compactions = 0;
    const { runtime } = fauxRuntime([overflow, overflow, overflow, overflow, "never"], {
      compaction: {
        async compact(messages) {
          compactions += 1;
          return { messages, summary: "s", replacedCount: 0 };
        },
      },
    });
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    expect(compactions).toBe(1);
    expect(result.error?.message).toMatch(/no longer fits .* after 1 compaction attempt/);
  });

  it("overflow compacts and retries once on the same model, then fails clearly — never a fallback", async () => {
    const overflow = {
      error: { reason: "context_overflow" as const, status: 400, message: "prompt is too long" },
    };
    let compactions = 0;
    const { runtime, faux, models } = fauxRuntime([overflow, overflow, "never"], {
      compaction: {
        async compact(messages) {
          compactions += 1;
          return { messages: messages.slice(-1), summary: "s", replacedCount: messages.length - 1 };
        },
      },
    });
    const backup = faux.modelFor("faux-2");
    models.set(`${backup.provider}/${backup.id}`, backup);
    runtime.agents[0]!.model.fallbacks = [`${backup.provider}/${backup.id}`];
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    expect(result.error?.reason).toBe("overflow_unrecoverable");
    expect(result.error?.message).toMatch(/after 1 compaction attempt\(s\): prompt is too long/);
    expect(compactions).toBe(1);
    expect(faux.calls.map((c) => c.model.id)).toEqual(["faux-1", "faux-1"]);
  });

  it("a throwing event listener does not break the run", async () => {
    const { runtime } = fauxRuntime(["fine"]);
    runtime.subscribe(() => {
      throw new Error("bad listener");
    });
    expect((await runtime.run({ sessionKey: "s", message: "go" }).result).status).toBe("ok");
  });

  it("an unknown model is a clear terminal error, not a crash", async () => {
    const { runtime } = fauxRuntime(["x"]);
    const result = await runtime.run({ sessionKey: "s", message: "go", model: "nope/missing" }).result;
    expect(result.status).toBe("error");
    expect(result.error?.message).toContain('Unknown model "nope/missing"');
  });

  it("tool results stream partial updates", async () => {
    const streaming: AgentTool = {
      name: "progress",
      description: "reports progress",
      parameters: Type.Object({}),
      async execute(_a, ctx) {
        ctx.onUpdate?.(textResult("50%"));
        return textResult("100%");
      },
    };
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "progress", arguments: {} }] }, "ok"], {
      tools: [streaming, echoTool],
    });
    const run = runtime.run({ sessionKey: "s", message: "go" });
    const events = await collect(run.events);
    expect(events.filter((e) => e.stream === "tool").map((e) => e.data.phase)).toEqual([
      "start",
      "update",
      "result",
    ]);
  });
});

describe("steering timing", () => {
  it("a message sent while the last tool runs is seen right after the tool results", async () => {
    const log: string[] = [];
    const { runtime, faux } = fauxRuntime(
      [{ toolCalls: [{ name: "slow", arguments: {} }] }, "turned left", "done"],
      {
        tools: [delayTool("slow", 30, log)],
      },
    );
    const run = runtime.run({ sessionKey: "s", message: "drive" });
    runtime.subscribe((e) => {
      if (e.stream === "tool" && e.data.phase === "start") runtime.steer("s", "turn left");
    });
    await run.result;
    const second = faux.contexts[1]?.messages ?? [];
    expect(second.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "user"]);
    expect(second.at(-1)?.content).toBe("turn left");
  });
});

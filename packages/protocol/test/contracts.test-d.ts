/** Type tests: the method table keeps each method's types; the event union narrows by stream. */
import { describe, expectTypeOf, it } from "vitest";
import type {
  AgentEvent,
  AgentEventData,
  EventPayload,
  MethodParams,
  MethodResult,
  SessionRow,
} from "../src/index.js";

describe("METHODS types", () => {
  it("keeps params and result of each row", () => {
    expectTypeOf<MethodParams<"sessions.list">>().toMatchTypeOf<{ limit?: number; search?: string }>();
    expectTypeOf<MethodResult<"sessions.list">>().toMatchTypeOf<{ sessions: SessionRow[]; count: number }>();
    expectTypeOf<MethodParams<"chat.send">>().toHaveProperty("idempotencyKey").toEqualTypeOf<string>();
    const right: MethodParams<"chat.send"> = { sessionKey: "k", message: "m", idempotencyKey: "i" };
    // @ts-expect-error chat.send's message is a string
    const wrong: MethodParams<"chat.send"> = { sessionKey: "k", message: 1, idempotencyKey: "i" };
    void [right, wrong];
    // @ts-expect-error not a method of the table
    expectTypeOf<MethodParams<"sessions.explode">>().toBeObject();
  });
});

describe("AgentEvent union", () => {
  it("narrows data by stream, then phase or kind", () => {
    const handle = (event: AgentEvent) => {
      if (event.stream === "tool" && event.data.phase === "result")
        expectTypeOf(event.data.isError).toEqualTypeOf<boolean>();
      if (event.stream === "assistant" && event.data.kind === undefined)
        expectTypeOf(event.data.delta).toEqualTypeOf<string>();
      if (event.stream === "lifecycle" && event.data.phase === "failover" && event.data.type === "fallback")
        expectTypeOf(event.data.to).toEqualTypeOf<string>();
      // @ts-expect-error a tool event has no `delta`
      if (event.stream === "tool") void event.data.delta;
    };
    void handle;
    expectTypeOf<EventPayload<"agent">>().toEqualTypeOf<AgentEvent>();
    // @ts-expect-error compaction data needs a reason
    const compaction: AgentEventData<"compaction"> = { phase: "start" };
    void compaction;
  });
});

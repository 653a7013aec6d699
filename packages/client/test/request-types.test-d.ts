/**
 * Type tests: `client.request` is typed from the protocol's method table, so a wrong method, a
 * missing or mistyped param fails to compile and results need no casts.
 */
import type { AgentFinal, HealthSummary, SessionRow } from "@claw/protocol";
import { describe, expectTypeOf, it } from "vitest";
import type { ClawClient } from "../src/index.js";

declare const client: ClawClient;

describe("ClawClient.request types", () => {
  it("infers each method's result from the table", () => {
    expectTypeOf(client.request("sessions.list", { limit: 5 })).resolves.toHaveProperty("sessions");
    expectTypeOf(client.request("sessions.list", {})).resolves.toMatchTypeOf<{ sessions: SessionRow[] }>();
    expectTypeOf(client.request("health")).resolves.toEqualTypeOf<HealthSummary>();
    expectTypeOf(
      client.requestFinal("agent", { message: "hi", idempotencyKey: "k" }),
    ).resolves.toEqualTypeOf<AgentFinal>();
  });

  it("checks params against the method's schema", () => {
    // @ts-expect-error limit is a number
    void client.request("sessions.list", { limit: "5" });
    // @ts-expect-error sessions.patch needs a key
    void client.request("sessions.patch", { label: "x" });
    // @ts-expect-error chat.send needs a message and an idempotency key
    void client.request("chat.send", { sessionKey: "agent:main:main" });
    // @ts-expect-error not a method of the table
    void client.request("sessions.explode", {});
    // @ts-expect-error agent.wait params are required
    void client.request("agent.wait");
  });

  it("hands the ack of an accepted run to onAccepted, typed", () => {
    void client.requestFinal(
      "agent",
      { message: "hi", idempotencyKey: "k" },
      { onAccepted: (ack) => expectTypeOf(ack.runId).toEqualTypeOf<string>() },
    );
  });
});

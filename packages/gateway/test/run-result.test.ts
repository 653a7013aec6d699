import { AgentFinal, AgentWaitResult, check } from "@claw/protocol";
import { describe, expect, it } from "vitest";
import { runResultToWire } from "../src/methods/run-result.js";
import type { RunOutcome } from "../src/runtime.js";

const ok: RunOutcome = {
  runId: "r1",
  status: "ok",
  text: "Hello.",
  usage: { input: 3, output: 4, totalTokens: 7 },
  startedAt: 10,
  endedAt: 20,
};
const failed: RunOutcome = {
  runId: "r2",
  status: "error",
  text: "",
  error: { message: "boom" },
  startedAt: 1,
  endedAt: 2,
};

describe("runResultToWire (the one result mapping)", () => {
  it("answers `agent` with summary and wire usage, and nothing agent.wait-only", () => {
    const final = runResultToWire(ok, "agent");
    expect(final).toEqual({
      runId: "r1",
      status: "ok",
      summary: "Hello.",
      result: { payloads: [{ text: "Hello." }] },
      usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 },
    });
    expect(check(AgentFinal, final).ok).toBe(true);
    expect(runResultToWire(failed, "agent")).toEqual({
      runId: "r2",
      status: "error",
      summary: "",
      error: "boom",
    });
  });

  it("gives an ok run with no text no payloads (OpenClaw's CLI then prints nothing, as it should)", () => {
    expect(runResultToWire({ ...ok, text: "" }, "agent")).not.toHaveProperty("result");
  });

  it("answers `agent.wait` with times and the error message, valid for its schema", () => {
    const waited = runResultToWire(failed, "agent.wait");
    expect(waited).toEqual({ runId: "r2", status: "error", startedAt: 1, endedAt: 2, error: "boom" });
    expect(check(AgentWaitResult, waited).ok).toBe(true);
  });
});

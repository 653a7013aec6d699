/**
 * Parity: one corpus of failures fed through the one engine, and the answer each consumer gets.
 * providers (the adapter's classification and `describeFailure`), failover (what the loop
 * records and whether it walks the chain), compaction (`isContextOverflow`) and agent-core (the
 * run's terminal error and overflow recovery) must all agree, case by case.
 */
import { isContextOverflow as compactionSaysOverflow } from "@claw/compaction";
import { type ModelRef, runWithModelFallback } from "@claw/failover";
import {
  type AssistantMessage,
  createAssistantMessage,
  describeFailure,
  type ProviderErrorInfo,
  toProviderErrorInfo,
} from "@claw/providers";
import { describe, expect, it } from "vitest";
import { isContextOverflow as agentCoreSaysOverflow } from "../../src/index.js";
import { fauxRuntime } from "../helpers.js";
import { CORPUS, type FailureCase } from "./corpus.js";

const CHAIN: ModelRef[] = [
  { provider: "primary", modelId: "m", ref: "primary/m" },
  { provider: "backup", modelId: "m", ref: "backup/m" },
];

const message = (provider: string, error?: ProviderErrorInfo): AssistantMessage => ({
  ...createAssistantMessage({ api: "openai-completions", provider, id: "m" }),
  ...(error && { stopReason: "error" as const, error }),
});

/** What the adapter puts on the failed message: the only classification in the system. */
const adapterInfo = (c: FailureCase) => toProviderErrorInfo(c.rules, c.thrown);

async function failoverAnswer(run: (provider: string) => Promise<AssistantMessage>) {
  const calls: string[] = [];
  const out = await runWithModelFallback({
    candidates: CHAIN,
    run: (a) => {
      calls.push(a.provider);
      return run(a.provider);
    },
  });
  return { out, calls };
}

describe.each(CORPUS.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  const overflow = c.reason === "context_overflow";

  it("providers: the adapter classifies it, and reading it back never re-classifies", () => {
    const info = adapterInfo(c);
    expect(info.reason).toBe(c.reason);
    expect(describeFailure(message("primary", info)).reason).toBe(c.reason);
    if (c.rules.length === 0) expect(describeFailure(c.thrown).reason).toBe(c.reason);
  });

  it("failover: records that reason and walks the chain unless it is an overflow", async () => {
    const failed = message("primary", adapterInfo(c));
    const returned = await failoverAnswer(async (p) => (p === "primary" ? failed : message(p)));
    const shapes = [returned];
    if (c.rules.length === 0) {
      shapes.push(
        await failoverAnswer(async (p) => {
          if (p === "primary") throw c.thrown;
          return message(p);
        }),
      );
    }
    for (const { out, calls } of shapes) {
      if (overflow) {
        expect(out).toMatchObject({ ok: false, reason: "context_overflow" });
        expect(calls).toEqual(["primary"]);
      } else {
        expect(out.ok).toBe(true);
        expect(out.attempts[0]?.reason).toBe(c.reason);
        expect(calls).toEqual(["primary", "backup"]);
      }
    }
  });

  it("compaction and agent-core: the same overflow answer for the message and the thrown value", () => {
    const failed = message("primary", adapterInfo(c));
    expect(compactionSaysOverflow(failed)).toBe(overflow);
    expect(agentCoreSaysOverflow(failed)).toBe(overflow);
    expect(compactionSaysOverflow(c.thrown)).toBe(overflow);
    expect(agentCoreSaysOverflow(c.thrown)).toBe(overflow);
  });

  it("agent-core: the run ends once, with that reason (or tries compaction for an overflow)", async () => {
    const { runtime } = fauxRuntime([{ error: adapterInfo(c) }], {
      compaction: { compact: async () => undefined },
    });
    const events: { stream: string; data: Record<string, unknown> }[] = [];
    runtime.subscribe((e) => events.push(e));
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    const ends = events.filter((e) => e.stream === "lifecycle" && e.data.phase === "error");
    expect(ends).toHaveLength(1);
    if (overflow) {
      expect(result.error?.reason).toBe("overflow_unrecoverable");
      expect(events.some((e) => e.stream === "compaction" && e.data.reason === "overflow")).toBe(true);
    } else {
      expect(result.error?.reason).toBe(c.reason);
      expect(events.some((e) => e.stream === "compaction")).toBe(false);
    }
  });
});

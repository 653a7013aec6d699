/** The runtime's fallback runner never throws for a provider failure: it returns a failed message. */
import {
  type AssistantMessage,
  createAssistantMessage,
  type Model,
  type ProviderErrorInfo,
} from "@claw/providers";
import { describe, expect, it } from "vitest";
import { createFailoverRunner } from "../src/index.js";

const model = (provider: string): Model =>
  ({ api: "openai-completions", provider, id: "m", contextWindow: 1000 }) as Model;
const failed = (provider: string, error: ProviderErrorInfo): AssistantMessage => ({
  ...createAssistantMessage(model(provider)),
  stopReason: "error",
  error,
});

function run(
  reply: (provider: string) => AssistantMessage,
  options: { signal?: AbortSignal; candidates?: string[] } = {},
) {
  const phases: unknown[] = [];
  const promise = createFailoverRunner()({
    candidates: options.candidates ?? ["a/m", "b/m"],
    sessionKey: "s",
    signal: options.signal ?? new AbortController().signal,
    resolveModel: (ref) => (ref.endsWith("/m") ? model(ref.split("/")[0]!) : undefined),
    attempt: async (candidate) => reply(candidate.model.provider),
    onEvent: (e) => phases.push(e.type),
  });
  return { promise, phases };
}

describe("createFailoverRunner", () => {
  it("returns the provider's own failed message for an overflow, without trying the fallback", async () => {
    const overflow = failed("a", { message: "prompt is too long", reason: "context_overflow", status: 400 });
    const { promise, phases } = run(() => overflow);
    await expect(promise).resolves.toBe(overflow);
    expect(phases).toEqual([]);
  });

  it("every candidate failing resolves to one failed message naming every attempt", async () => {
    const { promise, phases } = run((p) =>
      failed(p, { message: `${p} is busy`, reason: "overloaded", status: 529 }),
    );
    const message = await promise;
    expect(message).toMatchObject({ stopReason: "error", provider: "b", error: { reason: "overloaded" } });
    expect(message.error?.message).toContain("a/m: overloaded 529 — a is busy");
    expect(message.error?.message).toContain("b/m: overloaded 529 — b is busy");
    expect(phases).toEqual(["attempt_failed", "fallback", "attempt_failed"]);
  });

  it("the caller's abort resolves to an aborted message", async () => {
    const controller = new AbortController();
    controller.abort();
    const message = await run(() => failed("a", { message: "x", reason: "unknown" }), {
      signal: controller.signal,
    }).promise;
    expect(message).toMatchObject({ stopReason: "aborted", error: { reason: "aborted" } });
  });

  it("an unknown model is a failed message (model_not_found), not a throw", async () => {
    const message = await run(() => failed("a", { message: "x", reason: "unknown" }), {
      candidates: ["nope/missing"],
    }).promise;
    expect(message).toMatchObject({ stopReason: "error", error: { reason: "model_not_found" } });
    expect(message.error?.message).toContain('unknown model "nope/missing"');
  });
});

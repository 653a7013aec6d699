import { describe, expect, it } from "vitest";
import { runAdapter } from "../../stream/run-adapter.js";
import type { Model } from "../../types.js";
import { lazyModule } from "./lazy-module.js";

const model: Model = {
  id: "m",
  provider: "p",
  api: "test",
  contextWindow: 100,
  maxTokens: 10,
  input: ["text"],
  reasoning: false,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
};

describe("lazyModule", () => {
  it("loads once, on first call, and shares the result", async () => {
    let loads = 0;
    const load = lazyModule(async () => ({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(loads).toBe(1);
  });

  it("retries a failed load on the next call", async () => {
    let attempt = 0;
    const load = lazyModule(async () => {
      attempt++;
      if (attempt === 1) throw new Error("Cannot find package 'some-sdk'");
      return { ok: true };
    });
    await expect(load()).rejects.toThrow("some-sdk");
    await expect(load()).resolves.toEqual({ ok: true });
  });

  it("turns an SDK that fails to load into a final error event, not a throw", async () => {
    const load = lazyModule(() => import("@claw/no-such-sdk" as string));
    const stream = runAdapter(model, {}, [], async () => {
      await load();
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const reply = await stream.result();
    expect(types.at(-1)).toBe("error");
    expect(reply.stopReason).toBe("error");
    expect(reply.error?.message).toMatch(/no-such-sdk/);
  });
});

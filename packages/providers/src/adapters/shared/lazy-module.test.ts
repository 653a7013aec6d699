import { describe, expect, it } from "vitest";
import { runAdapter } from "../../stream/run-adapter.js";
import type { Model } from "../../types.js";
import { lazyModule } from "./lazy-module.js";
import { isMissingPackage, lazyPeer, MissingPeerError } from "./optional-peer.js";

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

describe("lazyPeer", () => {
  it("names the package to install when an optional peer is missing", async () => {
    const load = lazyPeer(
      ["@claw/no-such-sdk"],
      "The test adapter",
      () => import("@claw/no-such-sdk" as string),
    );
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPeerError);
    expect((error as Error).message).toBe(
      'The test adapter needs the optional package "@claw/no-such-sdk", which is not installed: run `npm install @claw/no-such-sdk`',
    );
    expect((error as MissingPeerError).packages).toEqual(["@claw/no-such-sdk"]);
  });

  it("leaves other load failures untouched", async () => {
    const boom = new Error("SDK crashed while loading");
    const load = lazyPeer(["openai"], "The OpenAI adapter", async () => {
      throw boom;
    });
    await expect(load()).rejects.toBe(boom);
  });

  it("tells a missing package from a module missing inside an installed one", () => {
    const missing = Object.assign(new Error("Cannot find package 'openai' imported from /x.js"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const inner = Object.assign(new Error("Cannot find module '/node_modules/openai/internal.js'"), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    expect(isMissingPackage(missing, ["openai"])).toBe(true);
    expect(isMissingPackage(inner, ["openai"])).toBe(false);
    expect(isMissingPackage(new Error("Cannot find package 'openai'"), ["openai"])).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../src/index.js";
import { fauxRuntime } from "./helpers.js";

describe("the run registry", () => {
  it("knows a run by id while it is queued, running and after it finished", async () => {
    const { runtime } = fauxRuntime(["first", "second"]);
    const first = runtime.run({ sessionKey: "agent:main:main", message: "one" });
    const second = runtime.run({ sessionKey: "agent:main:main", message: "two" });
    expect(runtime.get(second.runId)).toEqual({
      runId: second.runId,
      sessionKey: "agent:main:main",
      state: "queued",
    });
    await first.result;
    await second.result;
    expect(runtime.get(first.runId)?.state).toBe("finished");
    expect(runtime.get("no-such-run")).toBeUndefined();
    expect((await runtime.wait(first.runId, 10))?.status).toBe("ok");
  });

  it("a reply run answers without the model and is registered like any run", async () => {
    const { runtime, faux } = fauxRuntime([]);
    const seen: AgentEvent[] = [];
    runtime.subscribe((e) => seen.push(e));
    const handle = runtime.reply("agent:main:main", { text: "Model set to x." });
    const events: AgentEvent[] = [];
    for await (const event of handle.events) events.push(event);
    expect(events.map((e) => [e.stream, "phase" in e.data ? e.data.phase : undefined])).toEqual([
      ["lifecycle", "start"],
      ["assistant", undefined],
      ["lifecycle", "end"],
    ]);
    expect(events[1]).toMatchObject({ data: { delta: "Model set to x.", command: true } });
    expect(seen).toEqual(events);
    expect(runtime.get(handle.runId)?.state).toBe("finished");
    expect(await runtime.wait(handle.runId, 10)).toMatchObject({ status: "ok", text: "Model set to x." });
    expect(faux.calls).toHaveLength(0);

    const failed = runtime.reply("agent:main:main", { text: "Unknown model.", error: true });
    expect(await failed.result).toMatchObject({ status: "error", error: { message: "Unknown model." } });
  });
});

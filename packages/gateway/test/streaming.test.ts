import { afterEach, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

describe("streaming amplification", () => {
  it("a 300 KB reply costs O(reply) wire bytes per client: deltas plus bounded snapshots", async () => {
    ({ gw } = await startTestGateway());
    const { c } = await connected(gw.url, { auth: { token: TOKEN } });
    const replyChars = 300 * 1024;
    let agentBytes = 0;
    c.ws.on("message", (data: Buffer) => {
      if (data.includes('"event":"agent"')) agentBytes += data.length;
    });
    const ack = await call(c, "agent", { message: `long:${replyChars}`, idempotencyKey: "k-long" });
    const runId = (ack.payload as { runId: string }).runId;
    await c.event("chat", (p) => p.runId === runId && p.state === "final");
    const assistant = c.frames
      .filter((f) => f.event === "agent" && (f.payload as { stream: string }).stream === "assistant")
      .map((f) => (f.payload as { data: { delta: string; text?: string } }).data);
    expect(assistant).toHaveLength(replyChars / 100);
    // Deltas alone rebuild the reply; a snapshot, wherever sent, matches what came before it.
    let rebuilt = "";
    for (const data of assistant) {
      rebuilt += data.delta;
      if (data.text !== undefined) expect(data.text).toBe(rebuilt);
    }
    expect(rebuilt).toHaveLength(replyChars);
    const snapshots = assistant.filter((d) => d.text !== undefined);
    expect(snapshots.length).toBeGreaterThan(1);
    expect(snapshots.length).toBeLessThan(20);
    // Full running text on every event would be ~46 MB; deltas + snapshots stay within 4× the reply.
    expect(agentBytes).toBeLessThan(4 * replyChars + assistant.length * 200);
    for (const f of c.frames.filter((x) => x.event === "agent").slice(0, 50))
      expect(validateServerFrame(f)).toEqual([]);
  });
});

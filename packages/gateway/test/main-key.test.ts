import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected } from "./helpers/client.js";
import type { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle;
let fake: ReturnType<typeof createFakeRuntime>;
beforeAll(async () => {
  ({ gw, fake } = await startTestGateway({ mainKey: "home" }));
});
afterAll(() => gw.close());

describe("session.mainKey", () => {
  it("hello-ok's session defaults name the configured main key", async () => {
    const { c, hello } = await connected(gw.url, { auth: { token: TOKEN } });
    expect(validateServerFrame(hello)).toEqual([]);
    expect((hello.payload as { snapshot: { sessionDefaults: unknown } }).snapshot.sessionDefaults).toEqual({
      defaultAgentId: "main",
      mainKey: "home",
      mainSessionKey: "agent:main:home",
    });
    c.close();
  });

  it("agent without a session key runs in the configured main session", async () => {
    const { c } = await connected(gw.url, { auth: { token: TOKEN } });
    const agent = await call(c, "agent", { message: "hi", idempotencyKey: "mk-1" });
    expect(agent.ok).toBe(true);
    const named = await call(c, "agent", { message: "hi", agentId: "ops", idempotencyKey: "mk-2" });
    expect(named.ok).toBe(true);
    expect(fake.runs.map((run) => run.sessionKey)).toEqual(["agent:main:home", "agent:ops:home"]);
    c.close();
  });
});

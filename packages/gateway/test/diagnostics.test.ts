import { check, METHODS } from "@claw/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GatewayHandle, type MemoryPort, RuntimeError, startGateway } from "../src/index.js";
import { call, connected, type RawClient } from "./helpers/client.js";
import { createFakeRuntime } from "./helpers/fake-runtime.js";
import { TOKEN } from "./helpers/gateway.js";

const memory: MemoryPort = {
  search: async () => [],
  async status({ agentId }) {
    const agents = [
      {
        agentId: "main",
        enabled: true,
        backend: "sqlite",
        files: 3,
        chunks: 12,
        pendingFiles: 1,
        dirty: true,
        syncing: false,
        watching: true,
        lastIndexedAt: 1_700_000_000_000,
        vector: { available: false, vectors: 0, reason: "no embedding provider: keyword search only" },
      },
      { agentId: "quiet", enabled: false },
    ];
    if (agentId && !agents.some((a) => a.agentId === agentId))
      throw new RuntimeError("NOT_FOUND", `no agent "${agentId}"`);
    return { agents: agents.filter((a) => !agentId || a.agentId === agentId) };
  },
};

let full: GatewayHandle;
let bare: GatewayHandle;
let admin: RawClient;
let plain: RawClient;
beforeAll(async () => {
  const common = {
    host: "127.0.0.1",
    port: 0,
    stateDbPath: ":memory:",
    auth: { mode: "token" as const, token: TOKEN },
  };
  full = await startGateway({
    ...common,
    ports: {
      ...createFakeRuntime().ports,
      memory,
      auth: {
        status: async () => ({
          profiles: [
            {
              profileId: "anthropic:work",
              provider: "anthropic",
              type: "api_key",
              cooldowns: [
                { scope: "profile", reason: "rate_limit", until: Date.now() + 30_000, failures: 1 },
              ],
            },
          ],
          keyless: ["ollama"],
        }),
      },
    },
  });
  bare = await startGateway({ ...common, ports: createFakeRuntime().ports });
  ({ c: admin } = await connected(full.url, { auth: { token: TOKEN } }));
  ({ c: plain } = await connected(bare.url, { auth: { token: TOKEN } }));
});
afterAll(async () => {
  await full.close();
  await bare.close();
});

const valid = (method: "models.authStatus" | "doctor.memory.status", payload: unknown) => {
  const r = check(METHODS[method].result, payload);
  expect(r.ok, r.ok ? "" : r.message).toBe(true);
};

describe("status methods", () => {
  it("models.authStatus lists credentials with their cooldowns, stamped with the time", async () => {
    const res = await call(admin, "models.authStatus", {});
    expect(res.ok).toBe(true);
    valid("models.authStatus", res.payload);
    expect(res.payload).toMatchObject({
      ts: expect.any(Number),
      keyless: ["ollama"],
      profiles: [{ profileId: "anthropic:work", cooldowns: [{ scope: "profile", reason: "rate_limit" }] }],
    });
  });

  it("doctor.memory.status reports each agent's index, or one agent's", async () => {
    const all = await call(admin, "doctor.memory.status", {});
    valid("doctor.memory.status", all.payload);
    expect((all.payload as { agents: unknown[] }).agents).toHaveLength(2);
    const one = await call(admin, "doctor.memory.status", { agentId: "quiet" });
    expect(one.payload).toEqual({ agents: [{ agentId: "quiet", enabled: false }] });
    expect(await call(admin, "doctor.memory.status", { agentId: "ghost" })).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "NOT_FOUND" } },
    });
  });

  it("refuses OpenClaw-invalid params", async () => {
    expect(await call(admin, "models.authStatus", { verbose: true })).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "INVALID_PARAMS" } },
    });
  });

  it("answers UNAVAILABLE where the runtime has neither", async () => {
    for (const method of ["models.authStatus", "doctor.memory.status"] as const)
      expect(await call(plain, method, {})).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
  });

  it("announces both methods in hello-ok", async () => {
    const { hello } = await connected(full.url, { auth: { token: TOKEN } });
    const methods = (hello.payload as { features: { methods: string[] } }).features.methods;
    expect(methods).toEqual(expect.arrayContaining(["models.authStatus", "doctor.memory.status"]));
  });
});

import { type GatewayHandle, type GatewayOptions, startGateway } from "../../src/index.js";
import { createFakeRuntime } from "./fake-runtime.js";

export const TOKEN = "test-token-0123456789abcdef";

/** Starts a gateway on 127.0.0.1:0 with the fake ports and token auth. */
export async function startTestGateway(overrides: Partial<GatewayOptions> = {}) {
  const fake = createFakeRuntime();
  const gw: GatewayHandle = await startGateway({
    ports: fake.ports,
    host: "127.0.0.1",
    port: 0,
    stateDbPath: ":memory:",
    auth: { mode: "token", token: TOKEN },
    ...overrides,
  });
  return { gw, fake };
}

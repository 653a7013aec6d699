/**
 * The browser tool as the gateway wires it, without starting Chromium: a sandboxed session whose
 * sandbox has no network is refused with the reason (with network, its Chromium runs inside the
 * sandbox: see @claw/browser's sandbox test), and `tools.browser.ask: "high"` sends an upload through the exec
 * approval broker, where a reviewer's deny reaches the model.
 */
import { randomUUID } from "node:crypto";
import { ClawClient } from "@claw/client";
import type { PendingExecApproval } from "@claw/protocol";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { lastToolResultText, startTestGateway } from "./helpers.js";

async function start(document: Record<string, unknown>, script: FauxStep[]) {
  const faux = createFauxProvider(script, { provider: "faux" });
  const started = await startTestGateway(document, {
    models: [faux.model],
    stream: faux.stream,
    scopes: ["operator.read", "operator.write"],
  });
  const run = (sessionKey: string) =>
    started.client.request(
      "agent",
      { message: "go", sessionKey, idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
  return { ...started, faux, run };
}

describe("browser tool in the gateway", () => {
  it("refuses a sandboxed session whose sandbox has no network, clearly, and starts no browser", async () => {
    const gw = await start(
      { agents: { defaults: { model: "faux/faux-1", sandbox: { mode: "non-main" } } } },
      [{ toolCalls: [{ name: "browser", arguments: { action: "snapshot" } }] }, "ok"],
    );
    await gw.run("agent:main:telegram:group:9");
    expect(lastToolResultText(gw.faux)).toContain(
      "The browser is not available here: this session's sandbox has no network (sandbox.network is false)",
    );
    const status = await gw.client.request("browser.status", {});
    expect(status.profiles.filter((p) => p.running)).toEqual([]);
    await gw.client.close();
  });

  it('asks a reviewer before an upload when tools.browser.ask is "high"; a deny reaches the model', async () => {
    const gw = await start(
      { agents: { defaults: { model: "faux/faux-1" } }, tools: { browser: { ask: "high" } } },
      [
        {
          toolCalls: [{ name: "browser", arguments: { action: "upload", ref: "e1", paths: ["notes.txt"] } }],
        },
        "ok",
      ],
    );
    const reviewer = new ClawClient({
      url: gw.claw.url,
      token: gw.claw.token,
      stateDir: gw.stateDir,
      reconnect: { enabled: false },
      scopes: ["operator.approvals"],
    });
    await reviewer.connect();
    const requests: PendingExecApproval[] = [];
    reviewer.on("exec.approval.requested", (payload) => requests.push(payload));
    const finished = gw.run("agent:main:main");
    while (requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(requests[0]?.request).toMatchObject({
      command: "browser upload notes.txt into e1",
      agentId: "main",
      host: "browser:main",
    });
    await reviewer.request("exec.approval.resolve", { id: requests[0]?.id ?? "", decision: "deny" });
    await finished;
    expect(lastToolResultText(gw.faux)).toContain("browser upload was not approved");
    await reviewer.close();
    await gw.client.close();
  });
});

/**
 * Exec approvals end to end over the real gateway: a group session's command that the allowlist
 * does not cover waits; an `operator.approvals` client (and only such a client) hears
 * `exec.approval.requested`, lists it, and resolves it; the run continues or the model reads a
 * denial. allow-once, allow-always (→ allowlist file), deny and timeout.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ClawClient } from "@claw/client";
import type { PendingExecApproval } from "@claw/protocol";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { checkBwrap } from "@claw/tools";
import { describe, expect, it } from "vitest";
import { lastToolResultText, startTestGateway } from "./helpers.js";

const GROUP = "agent:ops:telegram:group:42";
const COMMAND = "sh -c 'echo approved-run'";
const execStep: FauxStep = {
  text: "running",
  toolCalls: [{ name: "exec", arguments: { command: COMMAND } }],
};

async function start(runs: number, exec: Record<string, unknown> = {}) {
  const script = Array.from({ length: runs }, () => [execStep, "done"] as FauxStep[]).flat();
  const faux = createFauxProvider(script, { provider: "faux" });
  const started = await startTestGateway(
    { agents: { defaults: { model: "faux/faux-1" }, list: [{ id: "ops", default: true }] }, tools: { exec } },
    { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
  );
  const reviewer = new ClawClient({
    url: started.claw.url,
    token: started.claw.token,
    stateDir: started.stateDir,
    reconnect: { enabled: false },
    scopes: ["operator.approvals"],
  });
  await reviewer.connect();
  const requests: PendingExecApproval[] = [];
  const resolved: unknown[] = [];
  const ownerSaw: string[] = [];
  reviewer.on("exec.approval.requested", (payload) => requests.push(payload));
  reviewer.on("exec.approval.resolved", (payload) => resolved.push(payload));
  started.client.on("exec.approval.requested", () => ownerSaw.push("requested"));
  const toolOutput = () => lastToolResultText(faux);
  const run = (sessionKey = GROUP) =>
    started.client.request(
      "agent",
      { message: "go", sessionKey, idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
  const nextRequest = async (count: number) => {
    while (requests.length < count) await new Promise((r) => setTimeout(r, 10));
    return requests[count - 1] as PendingExecApproval;
  };
  return { ...started, reviewer, requests, resolved, ownerSaw, toolOutput, run, nextRequest };
}

describe("exec approvals over the gateway", () => {
  it("allow-once: the reviewer sees the request, lists it, allows it, and the run continues", async () => {
    const gw = await start(2);
    const waitingUpdates: string[] = [];
    gw.client.on("agent", (event) => {
      if (event.stream === "tool" && event.data.phase === "update") waitingUpdates.push(event.data.result);
    });
    const finished = gw.run();
    const request = await gw.nextRequest(1);
    expect(request.request).toMatchObject({ command: COMMAND, sessionKey: GROUP, agentId: "ops" });
    expect(request.expiresAtMs - request.createdAtMs).toBe(120_000);
    expect(await gw.reviewer.request("exec.approval.list", {})).toEqual([request]);
    // OpenClaw's TUI also asks for plugin approvals: none exist here, even while a command waits.
    expect(await gw.reviewer.request("plugin.approval.list", {})).toEqual([]);
    expect(waitingUpdates.join()).toContain(`Waiting for approval ${request.id}`);
    await expect(gw.client.request("exec.approval.list", {})).rejects.toThrow(
      /missing scope: operator.approvals/,
    );
    expect(
      await gw.reviewer.request("exec.approval.resolve", { id: request.id, decision: "allow-once" }),
    ).toEqual({
      ok: true,
      id: request.id,
      decision: "allow-once",
    });
    await finished;
    expect(gw.toolOutput()).toContain("approved-run");
    expect(gw.resolved).toMatchObject([{ id: request.id, decision: "allow-once", reason: "user" }]);
    expect(gw.ownerSaw).toEqual([]);
    // once means once: the next run asks again
    const second = gw.run();
    const again = await gw.nextRequest(2);
    await gw.reviewer.request("exec.approval.resolve", { id: again.id, decision: "deny" });
    await second;
    expect(gw.toolOutput()).toMatch(/Command not run: the user denied it/);
    await expect(
      gw.reviewer.request("exec.approval.resolve", { id: again.id, decision: "allow-once" }),
    ).rejects.toThrow(/no pending approval/);
    await gw.reviewer.close();
    await gw.client.close();
  });

  it("allow-always: the command joins the agent's allowlist and runs next time without asking", async () => {
    // ask on-miss set explicitly: the unsandboxed default (always) asks even for allowlisted commands.
    const gw = await start(2, { ask: "on-miss" });
    const first = gw.run();
    const request = await gw.nextRequest(1);
    await gw.reviewer.request("exec.approval.resolve", { id: request.id, decision: "allow-always" });
    await first;
    expect(gw.toolOutput()).toContain("approved-run");
    const file = JSON.parse(readFileSync(join(gw.stateDir, "exec-approvals.json"), "utf8"));
    expect(file.agents.ops.allowlist).toMatchObject([
      { argPattern: "-c echo approved-run", source: "allow-always" },
    ]);
    await gw.run();
    expect(gw.toolOutput()).toContain("approved-run");
    expect(gw.requests).toHaveLength(1);
    await gw.reviewer.close();
    await gw.client.close();
  });

  it("a timeout denies and the model is told so", async () => {
    const gw = await start(1, { approvalTimeoutSec: 1 });
    await gw.run();
    expect(gw.toolOutput()).toMatch(/nobody approved it before the approval timed out/);
    expect(gw.resolved).toMatchObject([{ decision: "deny", reason: "timeout" }]);
    await gw.reviewer.close();
    await gw.client.close();
  });

  it("the owner's main session runs without asking (security full by default)", async () => {
    const gw = await start(1);
    await gw.run("agent:ops:main");
    expect(gw.toolOutput()).toContain("approved-run");
    expect(gw.requests).toEqual([]);
    await gw.reviewer.close();
    await gw.client.close();
  });
});

describe.skipIf(!(await checkBwrap()).ok)("elevated exec (tools.elevated)", () => {
  const elevatedStep: FauxStep = {
    text: "",
    toolCalls: [{ name: "exec", arguments: { command: "cat /proc/1/comm", elevated: true } }],
  };
  async function startElevated(elevated: Record<string, unknown>) {
    const faux = createFauxProvider([elevatedStep, "done"], { provider: "faux" });
    const started = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1", sandbox: { mode: "all" } } }, tools: { elevated } },
      { models: [faux.model], stream: faux.stream },
    );
    await started.client.request(
      "agent",
      { message: "go", sessionKey: "agent:main:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    await started.client.close();
    return lastToolResultText(faux);
  }

  it("is refused while tools.elevated is off (the default)", async () => {
    expect(await startElevated({})).toMatch(/Elevated exec refused: tools\.elevated\.enabled is off/);
  });

  it("runs the main session's command on the host, outside the sandbox, when enabled", async () => {
    const out = await startElevated({ enabled: true });
    expect(out).toContain("[exit code 0]");
    expect(out).not.toContain("bwrap");
  });
});

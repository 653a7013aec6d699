import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AgentTool,
  createAgentRuntime,
  createPersistentSessionStore,
  openRunInbox,
  textResult,
} from "@claw/agent-core";
import { createFauxProvider, type FauxStep } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayPorts, type GatewayPortParts } from "../src/runtime-adapter/create-gateway-ports.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A tool that reports it started and then waits for the run's abort. */
function blockingTool(onStart: () => void): AgentTool {
  return {
    name: "block",
    description: "Waits until aborted.",
    parameters: { type: "object", properties: {} } as unknown as AgentTool["parameters"],
    execute: (_args, { signal }) =>
      new Promise((resolve) => {
        onStart();
        signal.addEventListener("abort", () => resolve(textResult("stopped")), { once: true });
      }),
  };
}

function setup(script: FauxStep[], tools: AgentTool[] = []) {
  const stateDir = mkdtempSync(join(tmpdir(), "claw-adapter-"));
  const faux = createFauxProvider(script, { provider: "faux" });
  const ref = `${faux.model.provider}/${faux.model.id}`;
  const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
  const runtime = createAgentRuntime({
    agents: [{ id: "main", model: { primary: ref }, tools }],
    sessions,
    resolveModel: (r) => (r === ref ? faux.model : undefined),
    stream: faux.stream,
  });
  const inbox = openRunInbox(":memory:");
  const gateway = createGatewayPorts({
    runtime,
    sessions,
    agents: [],
    models: { resolve: (r: string) => (r === ref ? faux.model : undefined), list: () => [faux.model] },
    hasCredential: () => true,
    stateDir,
    version: "test",
    commands: {},
    inbox,
  } as unknown as GatewayPortParts);
  cleanups.push(async () => {
    await runtime.close();
    await sessions.close();
    inbox.close();
  });
  return { gateway, runtime, sessions };
}

const input = (sessionKey: string, message: string) => ({
  sessionKey,
  message,
  idempotencyKey: randomUUID(),
});

describe("gateway runtime adapter", () => {
  it("deleting a session during its run does not bring the session back", async () => {
    let started!: () => void;
    const toolStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { gateway, sessions } = setup(
      [{ toolCalls: [{ name: "block", arguments: {} }] }, "done"],
      [blockingTool(() => started())],
    );
    const key = "agent:main:main";
    const handle = await gateway.runs.start(input(key, "hi"));
    await toolStarted;
    const entry = await sessions.get(key);
    expect(entry).toBeDefined();
    expect(await gateway.sessions.delete(key, { deleteTranscript: true })).toBe(true);
    expect((await handle.result).status).toBe("aborted");
    expect(await sessions.get(key)).toBeUndefined();
    expect(existsSync(sessions.transcriptPath(entry as NonNullable<typeof entry>))).toBe(false);
  });

  it("resetting a session during its run keeps the old run out of the new session", async () => {
    let started!: () => void;
    const toolStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { gateway, sessions } = setup(
      [{ toolCalls: [{ name: "block", arguments: {} }] }, "done"],
      [blockingTool(() => started())],
    );
    const key = "agent:main:main";
    const handle = await gateway.runs.start(input(key, "hi"));
    await toolStarted;
    const old = await sessions.get(key);
    const { sessionId } = await gateway.sessions.reset(key, "reset");
    expect(sessionId).not.toBe(old?.sessionId);
    expect((await handle.result).status).toBe("aborted");
    const fresh = await sessions.get(key);
    expect(fresh?.sessionId).toBe(sessionId);
    expect(fresh?.inputTokens ?? 0).toBe(0);
    expect(await gateway.sessions.history(key, 50)).toEqual([]);
    // The old transcript holds the whole old run: input, tool call and its result.
    const oldMessages = await sessions.loadMessages(old as NonNullable<typeof old>);
    expect(oldMessages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult"]);
  });

  it("rejects a history limit that is not a positive integer instead of returning everything", async () => {
    const { gateway } = setup(["one", "two"]);
    const key = "agent:main:main";
    await (await gateway.runs.start(input(key, "a"))).result;
    await (await gateway.runs.start(input(key, "b"))).result;
    expect(await gateway.sessions.history(key, 1)).toHaveLength(1);
    await expect(gateway.sessions.history(key, 0)).rejects.toThrow(/limit/);
    await expect(gateway.sessions.history(key, -2)).rejects.toThrow(/limit/);
  });

  it("forgets finished runs with the runtime instead of keeping every run id forever", async () => {
    const { gateway } = setup([]);
    const key = "agent:main:main";
    const first = await gateway.runs.start(input(key, "first"));
    await first.result;
    expect((await gateway.runs.wait(first.runId, 1000))?.status).toBe("error");
    // The runtime keeps the last 500 finished runs; past that the first one is unknown.
    for (let i = 0; i < 500; i++) await (await gateway.runs.start(input(`agent:main:s${i}`, "x"))).result;
    expect(gateway.runs.get(first.runId)).toBeUndefined();
    expect(await gateway.runs.wait(first.runId, 1000)).toBeUndefined();
  });

  it("a slash command's reply is a run of the one registry: found, waited for, never sent to the model", async () => {
    const { gateway } = setup([]);
    const handle = await gateway.runs.start(input("agent:main:main", "/think high"));
    const events = [];
    for await (const event of handle.events) events.push(event);
    expect(events.map((e) => e.stream)).toEqual(["lifecycle", "assistant", "lifecycle"]);
    expect(gateway.runs.get(handle.runId)).toMatchObject({ sessionKey: "agent:main:main" });
    expect(await gateway.runs.wait(handle.runId, 1000)).toMatchObject({ status: "ok" });
  });

  it("refuses an unknown agent or model with a machine-readable details code", async () => {
    const { gateway } = setup([]);
    await expect(
      gateway.runs.start({ ...input("agent:main:main", "hi"), agentId: "nobody" }),
    ).rejects.toMatchObject({ kind: "INVALID", details: { code: "UNKNOWN_AGENT_ID" } });
    await expect(
      gateway.runs.start({ ...input("agent:main:main", "hi"), model: "nope/nope" }),
    ).rejects.toMatchObject({ kind: "INVALID", details: { code: "UNKNOWN_MODEL" } });
  });

  it("aborting through the runs port ends the run as aborted (the one abort path)", async () => {
    let started!: () => void;
    const toolStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { gateway } = setup(
      [{ toolCalls: [{ name: "block", arguments: {} }] }, "done"],
      [blockingTool(() => started())],
    );
    const handle = await gateway.runs.start(input("agent:main:main", "hi"));
    await toolStarted;
    expect(gateway.runs.active()).toEqual([expect.objectContaining({ runId: handle.runId })]);
    expect(gateway.runs.abort({ runId: handle.runId })).toBe(1);
    expect((await handle.result).status).toBe("aborted");
    expect(gateway.runs.active()).toEqual([]);
  });
});

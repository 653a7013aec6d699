/**
 * The heartbeat and cron methods OpenClaw's CLI calls (`wake`, `last-heartbeat`, `set-heartbeats`,
 * `cron.status`, `cron.get`, `cron.scratch.*`) through a real gateway, and the light context:
 * what the model receives for a heartbeat and for a light cron run.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EventPayload } from "@claw/protocol";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { openclawErrors, openclawHealthErrors } from "../../../packages/protocol/test/openclaw-oracle.js";
import { startTestGateway } from "./helpers.js";

const ADMIN = ["operator.read", "operator.write", "operator.admin"];

async function start(agents: Record<string, unknown> = {}) {
  const faux = createFauxProvider([], { provider: "faux", whenExhausted: "repeat-last" });
  const started = await startTestGateway(
    { agents: { defaults: { model: "faux/faux-1" }, ...agents } },
    { models: [faux.model], stream: faux.stream, scopes: ADMIN },
  );
  const workspace = started.claw.agents[0]?.workspaceDir as string;
  writeFileSync(join(workspace, "SOUL.md"), "Speak like a pirate.");
  writeFileSync(join(workspace, "HEARTBEAT.md"), "# Checks\n- is the nightly build green?\n");
  return { faux, ...started };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

describe("heartbeat methods and light context", () => {
  it("wake now runs a light heartbeat: HEARTBEAT.md is the only workspace file the model sees", async () => {
    const { client, faux } = await start();
    faux.push({ text: "HEARTBEAT_OK" });
    const beats: EventPayload<"heartbeat">[] = [];
    client.on("heartbeat", (payload) => beats.push(payload));
    expect(openclawErrors("WakeParams", { mode: "now", text: "The backup finished." })).toBeNull();
    await expect(client.request("wake", { mode: "now", text: "The backup finished." })).resolves.toEqual({
      ok: true,
    });
    await until(() => beats.length === 1);
    const call = faux.calls[0];
    expect(call?.context.systemPrompt).toContain("## HEARTBEAT.md");
    expect(call?.context.systemPrompt).toContain("is the nightly build green?");
    expect(call?.context.systemPrompt).not.toContain("Speak like a pirate.");
    expect(call?.context.systemPrompt).not.toContain("## AGENTS.md");
    const message = JSON.stringify(call?.context.messages.at(-1)?.content);
    expect(message).toContain("System: The backup finished.");
    expect(message).not.toContain("nightly build");
    expect(beats[0]).toMatchObject({ status: "ok-token", silent: true, sessionKey: "agent:main:main" });
    await expect(client.request("last-heartbeat", {})).resolves.toEqual(beats[0]);
    const status = await client.request("status", {});
    expect(status.heartbeat.agents[0]?.lastBeat).toMatchObject({
      outcome: "ack",
      reason: expect.stringContaining("wake"),
    });
    // `health` answers from a snapshot up to 1 s old (taken at connect here); probe reads it fresh.
    // It is exactly OpenClaw's closed shape: the outcome lives in `status`, not in `health`.
    const health = await client.request("health", { probe: true });
    expect(openclawHealthErrors(health)).toBeNull();
    expect(health.agents?.[0]?.sessions.count).toBeGreaterThan(0);
  });

  it("wake for another agent's session beats as that agent", async () => {
    const { client, faux } = await start({ list: [{ id: "main", default: true }, { id: "ops" }] });
    faux.push({ text: "HEARTBEAT_OK" });
    await client.request("wake", { mode: "now", text: "The pager fired.", sessionKey: "agent:ops:main" });
    await until(() => faux.calls.length === 1);
    expect(faux.calls[0]?.context.systemPrompt).toContain("agent=ops");
    expect(JSON.stringify(faux.calls[0]?.context.messages.at(-1)?.content)).toContain(
      "System: The pager fired.",
    );
  });

  it("a light cron run carries no workspace file; a normal one carries them all", async () => {
    const { client, faux } = await start();
    faux.push({ text: "light" }, { text: "full" });
    const light = await client.request("cron.add", {
      name: "light",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Check the feeds.", lightContext: true },
    });
    const full = await client.request("cron.add", {
      name: "full",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Check the feeds." },
    });
    await client.request("cron.run", { id: light.id });
    await client.request("cron.run", { id: full.id });
    const [lightCall, fullCall] = faux.calls;
    expect(lightCall?.context.systemPrompt).not.toContain("# Project Context");
    expect(lightCall?.context.systemPrompt).not.toContain("pirate");
    expect(fullCall?.context.systemPrompt).toContain("Speak like a pirate.");
    expect((lightCall?.context.systemPrompt ?? "").length).toBeLessThan(
      (fullCall?.context.systemPrompt ?? "").length,
    );
  });

  it("set-heartbeats pauses every beat (recorded as skipped) and resumes", async () => {
    const { client, faux } = await start();
    const beats: EventPayload<"heartbeat">[] = [];
    client.on("heartbeat", (payload) => beats.push(payload));
    await expect(client.request("set-heartbeats", { enabled: false })).resolves.toEqual({
      ok: true,
      enabled: false,
    });
    await client.request("wake", { mode: "now", text: "Ping." });
    await until(() => beats.length === 1);
    expect(await client.request("last-heartbeat", {})).toMatchObject({
      status: "skipped",
      reason: "disabled",
    });
    expect(faux.calls).toHaveLength(0);
    await expect(client.request("set-heartbeats", { enabled: true })).resolves.toEqual({
      ok: true,
      enabled: true,
    });
  });
});

describe("cron.status, cron.get and cron.scratch in OpenClaw's shapes", () => {
  it("answers status, one job, and a scratch pad with revisions; unknown ids get CRON_JOB_NOT_FOUND", async () => {
    const { client, stateDir } = await start();
    expect(await client.request("cron.status", {})).toEqual({
      enabled: true,
      storePath: join(stateDir, "state.db"),
      jobs: 0,
      nextWakeAtMs: null,
    });
    const job = await client.request("cron.add", {
      name: "digest",
      schedule: { kind: "every", everyMs: 3_600_000 },
      payload: { kind: "agentTurn", message: "Summarise." },
    });
    const status = await client.request("cron.status", {});
    expect(status).toMatchObject({ jobs: 1, nextWakeAtMs: job.state.nextRunAtMs });
    expect(openclawErrors("CronGetParams", { jobId: job.id })).toBeNull();
    const got = await client.request("cron.get", { jobId: job.id });
    expect(got).toEqual(job);
    expect(openclawErrors("CronJob", got)).toBeNull();
    const missing = await client.request("cron.get", { id: "nope" }).catch((error: unknown) => error);
    expect(missing).toMatchObject({ details: { code: "CRON_JOB_NOT_FOUND", jobId: "nope" } });
    expect(
      openclawErrors("CronJobNotFoundErrorDetails", (missing as { details: unknown }).details),
    ).toBeNull();

    const empty = await client.request("cron.scratch.get", { id: job.id });
    expect(empty).toEqual({ scratch: null, currentRevision: 0, maxBytes: 262_144 });
    expect(openclawErrors("CronScratchGetResult", empty)).toBeNull();
    const params = { jobId: job.id, content: "last seen: #41", expectedRevision: 0 };
    expect(openclawErrors("CronScratchSetParams", params)).toBeNull();
    const written = await client.request("cron.scratch.set", params);
    expect(written).toMatchObject({ ok: true, currentRevision: 1, scratch: { content: "last seen: #41" } });
    expect(openclawErrors("CronScratchSetResult", written)).toBeNull();
    const conflict = await client.request("cron.scratch.set", params);
    expect(conflict).toEqual({ ok: false, reason: "revision-conflict", currentRevision: 1 });
    expect(openclawErrors("CronScratchSetResult", conflict)).toBeNull();
    await expect(client.request("cron.scratch.get", { id: "nope" })).rejects.toThrow(/does not exist/);
    await client.request("cron.remove", { id: job.id });
    await expect(client.request("cron.scratch.get", { id: job.id })).rejects.toThrow(/does not exist/);
  });
});

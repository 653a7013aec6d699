/**
 * Scheduled jobs through a real gateway: the cron.* methods and the `cron` event over WebSocket,
 * an agentTurn run on the faux model, jobs surviving a restart with their catch-up policy, and the
 * heartbeat in `status` and `health`.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClawClient } from "@claw/client";
import { validateConfig } from "@claw/config";
import type { DeliverFn, DeliveryTarget } from "@claw/cron";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { openclawErrors, openclawHealthErrors } from "../../../packages/protocol/test/openclaw-oracle.js";
import { type ClawGateway, startClaw } from "../src/index.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot(
  stateDir: string,
  document: Record<string, unknown>,
  faux = createFauxProvider([], { provider: "faux", whenExhausted: "repeat-last" }),
  deliver?: DeliverFn,
) {
  const checked = validateConfig({ agents: { defaults: { model: "faux/faux-1" } }, ...document });
  if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
  const configPath = join(stateDir, "claw.json");
  writeFileSync(configPath, "{}\n");
  const claw: ClawGateway = await startClaw({
    config: checked.config,
    stateDir,
    configPath,
    watchConfig: false,
    homeDir: stateDir,
    env: {},
    port: 0,
    models: [faux.model],
    stream: faux.stream,
    watchSkills: false,
    ...(deliver ? { deliver } : {}),
  });
  const client = new ClawClient({
    url: claw.url,
    token: claw.token,
    stateDir,
    reconnect: { enabled: false },
    scopes: ["operator.read", "operator.write", "operator.admin"],
  });
  await client.connect();
  const stop = async () => {
    await client.close();
    await claw.close();
  };
  cleanups.push(stop);
  return { claw, client, faux, stop };
}

function tempState(): string {
  const dir = mkdtempSync(join(tmpdir(), "claw-cron-gw-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("cron over the gateway", () => {
  it("adds, lists, runs, updates and removes a job; runs and events follow OpenClaw's shapes", async () => {
    const { client, faux } = await boot(tempState(), {});
    faux.push({ text: "Standup notes: nothing blocked." });
    const events: unknown[] = [];
    client.on("cron", (payload) => events.push(payload));

    const job = await client.request("cron.add", {
      name: "standup",
      schedule: { kind: "cron", expr: "0 9 * * 1-5", tz: "Europe/Berlin" },
      payload: { kind: "agentTurn", message: "Write the standup notes." },
    });
    expect(openclawErrors("CronJob", job)).toBeNull();
    expect(job).toMatchObject({ sessionTarget: "isolated", wakeMode: "next-heartbeat", enabled: true });
    expect(job.state.nextRunAtMs).toBeGreaterThan(Date.now());

    const listed = await client.request("cron.list", { includeDisabled: true });
    expect(listed).toMatchObject({ total: 1, hasMore: false, nextOffset: null });
    expect(listed.jobs[0]?.id).toBe(job.id);

    const ran = await client.request("cron.run", { id: job.id });
    expect(ran).toMatchObject({
      ok: true,
      ran: true,
      status: "ok",
      summary: "Standup notes: nothing blocked.",
    });
    const runs = await client.request("cron.runs", { jobId: job.id });
    expect(runs.total).toBe(1);
    expect(runs.entries[0]).toMatchObject({
      jobId: job.id,
      status: "ok",
      sessionKey: `cron:${job.id}`,
      deliveryStatus: "not-requested",
    });
    for (const entry of runs.entries) expect(openclawErrors("CronRunLogEntry", entry)).toBeNull();

    const disabled = await client.request("cron.update", { jobId: job.id, patch: { enabled: false } });
    expect(disabled.enabled).toBe(false);
    expect(disabled.state.nextRunAtMs).toBeUndefined();
    await expect(client.request("cron.run", { id: job.id, mode: "if-enabled" })).resolves.toMatchObject({
      ran: false,
      reason: "disabled",
    });
    await expect(client.request("cron.remove", { id: job.id })).resolves.toEqual({ ok: true, removed: true });
    await expect(client.request("cron.remove", { id: job.id })).resolves.toEqual({
      ok: true,
      removed: false,
    });

    expect(events.map((e) => (e as { action: string }).action)).toEqual([
      "added",
      "started",
      "finished",
      "updated",
      "removed",
    ]);
  });

  it("refuses bad jobs and unknown ids with errors that say what to do", async () => {
    const { client } = await boot(tempState(), {});
    await expect(
      client.request("cron.add", {
        name: "x",
        schedule: { kind: "cron", expr: "0 9 * * *", tz: "Nowhere/Land" },
        payload: { kind: "agentTurn", message: "m" },
      }),
    ).rejects.toThrow(/not an IANA zone/);
    await expect(client.request("cron.update", { id: "missing", patch: { enabled: true } })).rejects.toThrow(
      /does not exist/,
    );
    await expect(
      client.request("cron.add", {
        name: "x",
        schedule: { kind: "every", everyMs: 0 },
        payload: { kind: "agentTurn", message: "m" },
      } as never),
    ).rejects.toThrow(/invalid cron.add params/);
  });

  it("an announce job to a channel that is not configured records the run as not delivered, with the reason", async () => {
    const { client, faux } = await boot(tempState(), {});
    faux.push({ text: "Reminder: water the plants." });
    const job = await client.request("cron.add", {
      name: "plants",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Remind me to water the plants." },
      delivery: { mode: "announce", channel: "telegram", to: "42", bestEffort: true },
    });
    await client.request("cron.run", { id: job.id });
    const { entries } = await client.request("cron.runs", { id: job.id });
    expect(entries[0]).toMatchObject({
      status: "ok",
      deliveryStatus: "not-delivered",
      deliveryError: expect.stringContaining('no telegram account "default" is configured'),
    });
  });

  it("an agentTurn's reply is delivered to a channel through the deliver port; NO_REPLY is not", async () => {
    const channel: { target: DeliveryTarget; text: string }[] = [];
    const faux = createFauxProvider([], { provider: "faux", whenExhausted: "repeat-last" });
    const { client } = await boot(tempState(), {}, faux, async (target, text) => {
      channel.push({ target, text });
    });
    const job = await client.request("cron.add", {
      name: "digest",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Summarise the day." },
      delivery: { mode: "announce", channel: "telegram", to: "42", threadId: 9 },
    });
    faux.push({ text: "Quiet day: two merged PRs." });
    await client.request("cron.run", { id: job.id });
    faux.push({ text: "NO_REPLY" });
    await client.request("cron.run", { id: job.id });
    expect(channel).toEqual([
      { target: { channel: "telegram", to: "42", threadId: 9 }, text: "Quiet day: two merged PRs." },
    ]);
    const { entries } = await client.request("cron.runs", { id: job.id, sortDir: "asc" });
    expect(entries.map((e) => [e.status, e.deliveryStatus])).toEqual([
      ["ok", "delivered"],
      ["ok", "not-delivered"],
    ]);
  });

  it("jobs survive a restart; a due time missed while down is handled by its policy and recorded", async () => {
    const stateDir = tempState();
    const first = await boot(stateDir, { cron: { enabled: false } });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const skipped = await first.client.request("cron.add", {
      name: "skipped",
      catchUp: "skip",
      schedule: { kind: "at", at: past },
      payload: { kind: "agentTurn", message: "m" },
    });
    const caught = await first.client.request("cron.add", {
      name: "caught",
      schedule: { kind: "at", at: past },
      payload: { kind: "agentTurn", message: "m" },
    });
    await first.stop();
    cleanups.pop();

    const second = await boot(stateDir, {});
    second.faux.push({ text: "caught up" });
    // The catch-up run may finish before or after the client connected: check now and on each `cron` event.
    const wait = () =>
      new Promise<Awaited<ReturnType<typeof second.client.request<"cron.runs">>>["entries"]>((resolve) => {
        const check = async () => {
          const { entries } = await second.client.request("cron.runs", { scope: "all" });
          if (entries.length >= 2) resolve(entries);
        };
        second.client.on("cron", () => void check());
        void check();
      });
    const entries = await wait();
    const byJob = new Map(entries.map((e) => [e.jobId, e]));
    expect(byJob.get(skipped.id)).toMatchObject({
      status: "skipped",
      summary: expect.stringMatching(/^missed: due .* while the gateway was down \(catchUp skip\)/),
    });
    expect(byJob.get(caught.id)).toMatchObject({ status: "ok", summary: "caught up" });
    const { jobs } = await second.client.request("cron.list", {});
    expect(jobs.every((j) => !j.enabled)).toBe(true);
  });

  it("a systemEvent job reaches the main session through a heartbeat, even with the periodic heartbeat off", async () => {
    const stateDir = tempState();
    const { client, faux, claw } = await boot(stateDir, {});
    faux.push({ text: "HEARTBEAT_OK" });
    const mainKey = `agent:${claw.runtime.resolveAgent(undefined).id}:main`;
    const ended = new Promise<void>((resolve) =>
      claw.runtime.subscribe((event) => {
        if (event.sessionKey === mainKey && event.stream === "lifecycle" && event.data.phase === "end")
          resolve();
      }),
    );
    const job = await client.request("cron.add", {
      name: "note",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "systemEvent", text: "The backup finished." },
    });
    await expect(client.request("cron.run", { id: job.id })).resolves.toMatchObject({
      ran: true,
      status: "ok",
    });
    await ended;
    const history = await client.request("chat.history", { sessionKey: mainKey, limit: 10 });
    expect(JSON.stringify(history.messages[0]?.content)).toContain("System: The backup finished.");
  });

  it("adopts the jobs `claw import openclaw` left in cron/jobs.json, once", async () => {
    const stateDir = tempState();
    mkdirSync(join(stateDir, "cron"), { recursive: true });
    const file = join(stateDir, "cron", "jobs.json");
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        jobs: [
          {
            id: "oc-1",
            name: "morning",
            enabled: true,
            schedule: { kind: "cron", expr: "0 8 * * *", tz: "UTC" },
            sessionTarget: "isolated",
            wakeMode: "next-heartbeat",
            payload: { kind: "agentTurn", message: "Plan my day" },
          },
          {
            id: "oc-2",
            name: "old at",
            enabled: false,
            schedule: { kind: "at", atMs: Date.parse("2026-01-01T00:00:00Z") },
            sessionTarget: "main",
            payload: { kind: "systemEvent", text: "hi" },
          },
        ],
      }),
    );
    const first = await boot(stateDir, {});
    const { jobs } = await first.client.request("cron.list", {});
    expect(jobs.map((j) => [j.id, j.name, j.enabled])).toEqual([
      ["oc-1", "morning", true],
      ["oc-2", "old at", false],
    ]);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.adopted`)).toBe(true);
    await first.stop();
    cleanups.pop();
    const second = await boot(stateDir, {});
    expect((await second.client.request("cron.list", {})).total).toBe(2);
  });

  it("status and health show each agent's heartbeat", async () => {
    const stateDir = tempState();
    const { client } = await boot(stateDir, {
      agents: {
        defaults: { model: "faux/faux-1", heartbeat: { every: "30m", target: "telegram", to: "42" } },
      },
    });
    const status = await client.request("status", {});
    const beat = status.heartbeat.agents[0];
    expect(beat).toMatchObject({ enabled: true, every: "30m", everyMs: 1_800_000 });
    expect(beat?.nextBeatAtMs).toBeGreaterThan(Date.now());
    const health = await client.request("health", { probe: true });
    expect(health.heartbeatSeconds).toBe(1800);
    expect(health.agents?.[0]?.heartbeat).toMatchObject({
      enabled: true,
      every: "30m",
      target: "telegram",
      ackMaxChars: 30,
    });
    expect(openclawHealthErrors(health)).toBeNull();
  });
});

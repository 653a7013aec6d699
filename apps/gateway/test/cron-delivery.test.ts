/**
 * A cron run's delivery status is the platform's answer, not the outbox's receipt (issue #42):
 * against the fake Telegram Bot API, "Bad Request: chat not found" is a failed delivery with
 * that reason in `cron.runs` and the job state, a 5xx the outbox retries past is "delivered", and
 * a success is "delivered" only once Telegram accepted the message.
 */
import { FakeBotApi } from "@claw/channel-telegram/testing";
import type { OutboxMessageState } from "@claw/channels";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { lateChannelDelivery } from "../src/assemble/cron-delivery.js";
import { startTestGateway } from "./helpers.js";

describe("cron delivery status is true (fake Telegram)", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start() {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(["Three new emails."], {
      provider: "faux",
      whenExhausted: "repeat-last",
    });
    const started = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    const job = await started.client.request("cron.add", {
      name: "digest",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Summarise the day." },
      delivery: { mode: "announce", channel: "telegram", to: "42" },
    });
    const runOnce = async () => {
      await started.client.request("cron.run", { id: job.id });
      const { entries } = await started.client.request("cron.runs", { id: job.id });
      return entries[0];
    };
    return { api, ...started, job, runOnce };
  }

  it('"chat not found" is a failed delivery with Telegram\'s reason, not "delivered"', async () => {
    const { api, client, job, runOnce } = await start();
    api.failNext("sendMessage", { status: 400, description: "Bad Request: chat not found" });
    const run = await runOnce();
    expect(api.sent).toEqual([]);
    expect(run).toMatchObject({ status: "error", deliveryStatus: "not-delivered" });
    expect(run?.deliveryError).toMatch(/telegram refused it: .*chat not found/);
    expect(run?.error).toMatch(/delivery failed: .*chat not found/);
    const { jobs } = await client.request("cron.list", { includeDisabled: true });
    expect(jobs.find((j: { id: string }) => j.id === job.id)?.state).toMatchObject({
      lastDeliveryStatus: "not-delivered",
      lastDelivered: false,
      lastDeliveryError: expect.stringContaining("chat not found"),
    });
  });

  it('a 5xx the outbox retries past, then a success, are both "delivered" once Telegram took it', async () => {
    const { api, runOnce } = await start();
    api.failNext("sendMessage", { status: 502, description: "Bad Gateway" }, 2);
    expect(await runOnce()).toMatchObject({ status: "ok", deliveryStatus: "delivered" });
    expect(api.sent.map((m) => m.text)).toEqual(["Three new emails."]);
    expect(await runOnce()).toMatchObject({ status: "ok", deliveryStatus: "delivered" });
    expect(api.sent).toHaveLength(2);
  });
});

describe("lateChannelDelivery while the outbox still retries", () => {
  it('answers "pending" with the reason after its wait, and settles later with how it ended', async () => {
    let finish: (state: OutboxMessageState) => void = () => {};
    const delivery = lateChannelDelivery({ waitMs: 20 });
    delivery.attach(
      async () => ({ status: "queued", outboxId: 7, chunks: 1 }),
      undefined,
      () => new Promise((resolve) => (finish = resolve)),
    );
    const pending = await delivery.deliver({ channel: "telegram", to: "42" }, "hello");
    expect(pending).toMatchObject({ status: "pending", reason: expect.stringContaining("outbox message 7") });
    finish({ outboxId: 7, chunks: [{ idx: 0, status: "failed", error: "Bad Request: chat not found" }] });
    await expect(pending?.settled).resolves.toEqual({
      status: "failed",
      error: "telegram refused it: Bad Request: chat not found",
    });
  });
});

/**
 * A cron run whose model never answers (the faux provider hangs until aborted) is timed out,
 * recorded as a timeout, and leaves the job free: the next run goes ahead and succeeds.
 */
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

describe("a hanging model under cron", () => {
  it("is timed out and recorded; the job's next run still happens", async () => {
    const faux = createFauxProvider([{ hang: true }, "Recovered."], { provider: "faux" });
    const { client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.admin"] },
    );
    const job = await client.request("cron.add", {
      name: "flaky feed",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Read the feed.", timeoutSeconds: 0.5 },
    });
    const started = Date.now();
    const hung = await client.request("cron.run", { id: job.id });
    expect(hung).toMatchObject({ ran: true, status: "error" });
    expect(hung.error).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await client.request("cron.run", { id: job.id });
    expect(next).toMatchObject({ ran: true, status: "ok", summary: "Recovered." });
    const { entries } = await client.request("cron.runs", { id: job.id, sortDir: "asc" });
    expect(entries.map((e) => [e.status, e.errorReason])).toEqual([
      ["error", "timeout"],
      ["ok", undefined],
    ]);
  });
});

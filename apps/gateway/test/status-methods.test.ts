/**
 * The Status page's methods on the real gateway: `models.authStatus` shows the cooldown a
 * rate-limited credential got from @claw/failover (kept in state.db), and `doctor.memory.status`
 * shows an agent's memory index going from dirty to indexed.
 */
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createFauxProvider } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { openclawErrors } from "../../../packages/protocol/test/openclaw-oracle.js";
import { startTestGateway } from "./helpers.js";

describe("status methods on the real gateway", () => {
  it("models.authStatus shows the cooldown a rate limit left on a credential, without its secret", async () => {
    const faux = createFauxProvider(
      [{ error: { reason: "rate_limit", status: 429, message: "slow down", retryAfterMs: 120_000 } }],
      { provider: "faux" },
    );
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        models: { providers: { faux: { apiKey: "sk-faux-secret" } } },
      },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    const before = Date.now();
    const final = await client.requestFinal("agent", {
      message: "hi",
      sessionKey: "agent:main:main",
      idempotencyKey: randomUUID(),
    });
    expect(final.status).toBe("error");
    const status = await client.request("models.authStatus", {});
    const profile = status.profiles.find((p) => p.provider === "faux");
    expect(profile).toMatchObject({ profileId: "faux:config", type: "api_key" });
    expect(profile?.cooldowns).toHaveLength(1);
    expect(profile?.cooldowns[0]).toMatchObject({ reason: "rate_limit", failures: 1 });
    expect(profile?.cooldowns[0]?.until).toBeGreaterThanOrEqual(before + 120_000);
    expect(JSON.stringify(status)).not.toContain("sk-faux-secret");
    expect(status.keyless).toContain("ollama");
    // models.list says the model is cooling (OpenClaw's unavailableReason), not "available".
    const listed = (await client.request("models.list", {})).models.find((m) => m.id === "faux-1");
    expect(listed).toMatchObject({ available: false, unavailableReason: "cooldown" });
    expect(listed?.unavailableUntil).toBe(profile?.cooldowns[0]?.until);
    expect(openclawErrors("ModelsListResult", { models: [listed] })).toBeNull();
  });

  it("doctor.memory.status shows the index dirty, then indexed with files and chunks", async () => {
    const faux = createFauxProvider([], { provider: "faux" });
    const { client, claw } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } } },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read"] },
    );
    const agent = claw.agents[0];
    writeFileSync(
      join(agent?.workspaceDir ?? "", "MEMORY.md"),
      "# Facts\n\nThe billing database is PostgreSQL.\n",
    );
    const dirty = await client.request("doctor.memory.status", {});
    expect(dirty.agents[0]).toMatchObject({
      agentId: "main",
      enabled: true,
      backend: "sqlite",
      dirty: true,
      pendingFiles: 1,
      files: 0,
      vector: { available: false, vectors: 0, reason: expect.stringMatching(/keyword search only/) },
    });
    expect(dirty.agents[0]?.lastIndexedAt).toBeUndefined();
    await agent?.memory?.sync();
    const indexed = await client.request("doctor.memory.status", { agentId: "main" });
    expect(indexed.agents).toHaveLength(1);
    expect(indexed.agents[0]).toMatchObject({ dirty: false, pendingFiles: 0, files: 1, chunks: 1 });
    expect(indexed.agents[0]?.lastIndexedAt).toBeGreaterThan(0);
    await expect(client.request("doctor.memory.status", { agentId: "ghost" })).rejects.toThrow(
      /Unknown agent "ghost"/,
    );
  });
});

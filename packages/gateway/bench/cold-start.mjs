// Started by gateway.bench.ts: imports the built gateway, starts it, prints one JSON line when
// listening ({port, rssBytes after a short idle}) and exits. Uses dist, as an installed app would.
const t0 = performance.now();
const { startGateway } = await import("@claw/gateway");
// The capability ports a cold start touches (the same minimal set gateway.bench.ts uses).
const ports = {
  status: {
    health: async () => ({ defaultAgentId: "main", channels: {}, channelOrder: [], channelLabels: {} }),
  },
  catalog: { agents: async () => [{ agentId: "main", isDefault: true }] },
  runs: { active: () => [] },
};
const gw = await startGateway({
  ports,
  port: 0,
  stateDbPath: ":memory:",
  auth: { mode: "token", token: "bench-token-0123456789" },
});
const listeningMs = performance.now() - t0;
process.stdout.write(`listening ${JSON.stringify({ port: gw.port, listeningMs })}\n`);
await new Promise((r) => setTimeout(r, 300));
process.stdout.write(`${JSON.stringify({ rssBytes: process.memoryUsage().rss })}\n`);
await gw.close();
process.exit(0);

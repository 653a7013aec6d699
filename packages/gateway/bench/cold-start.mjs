// Started by gateway.bench.ts: imports the built gateway, starts it, prints one JSON line when
// listening ({port, rssBytes after a short idle}) and exits. Uses dist, as an installed app would.
const t0 = performance.now();
const { startGateway } = await import("@claw/gateway");
const none = async () => [];
const runtime = {
  runAgent: () => {
    throw new Error("not used");
  },
  abortRun: () => 0,
  waitRun: async () => null,
  listSessions: none,
  chatHistory: none,
  listAgents: async () => [{ agentId: "main", isDefault: true }],
  listModels: none,
  listSkills: none,
  health: async () => ({ defaultAgentId: "main" }),
};
const gw = await startGateway({
  runtime,
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

// Child process for the descriptor test: runs one faux-provider turn in each of N sessions (many
// at once) through the runtime and the persistent store, closes everything, and prints a summary.
// The parent starts it under a low `ulimit -n`.
import { createFauxProvider } from "@claw/providers";
import { createAgentRuntime } from "../src/index.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";

const [stateDir, count = "1000"] = process.argv.slice(2);
process.stdout.write("loaded\n");
if (!stateDir) throw new Error("usage: many-sessions STATE_DIR [COUNT]");
const faux = createFauxProvider(["pong"], { provider: "faux-fd", whenExhausted: "repeat-last" });
const ref = `${faux.model.provider}/${faux.model.id}`;
const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
const runtime = createAgentRuntime({
  agents: [{ id: "main", model: { primary: ref }, tools: [], systemPrompt: "You are a test." }],
  resolveModel: (r) => (r === ref ? faux.model : undefined),
  stream: (model, context, options) => faux.stream(model, context, options),
  sessions,
  lanes: { main: 200 },
});
const runs = Array.from(
  { length: Number(count) },
  (_, i) => runtime.run({ sessionKey: `agent:main:fd-${i}`, message: `ping ${i}` }).result,
);
const results = await Promise.all(runs);
const statuses: Record<string, number> = {};
for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
const errors = [...new Set(results.flatMap((r) => (r.error ? [JSON.stringify(r.error)] : [])))].slice(0, 3);
await runtime.close();
await sessions.close();
process.stdout.write(`${JSON.stringify({ statuses, errors })}\n`);

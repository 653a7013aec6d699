// Child process for the descriptor test: runs one faux-provider turn in each of N sessions (many
// at once) through the runtime and the persistent store, closes everything, and prints a summary.
// It lowers its own descriptor limit (prlimit) to the third argument once warmed up.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFauxProvider } from "@claw/providers";
import { createAgentRuntime } from "../src/index.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";

const [stateDir, count = "1000", nofile] = process.argv.slice(2);
const faux = createFauxProvider(["pong"], { provider: "faux-fd", whenExhausted: "repeat-last" });
const ref = `${faux.model.provider}/${faux.model.id}`;
function startRuntime(dir: string) {
  const store = createPersistentSessionStore({ stateDir: dir, durability: "os" });
  const agentRuntime = createAgentRuntime({
    agents: [{ id: "main", model: { primary: ref }, tools: [], systemPrompt: "You are a test." }],
    resolveModel: (r) => (r === ref ? faux.model : undefined),
    stream: (model, context, options) => faux.stream(model, context, options),
    sessions: store,
    lanes: { main: 200 },
  });
  return { store, agentRuntime };
}
// One turn in a scratch state dir first, so the modules a run loads on first use (typebox's
// validator, …) are loaded; then the descriptor limit is lowered. Node 24's loader reads an import
// graph with many files open at once, which is not what this test measures.
{
  const warmDir = mkdtempSync(join(tmpdir(), "claw-fd-warm-"));
  const warm = startRuntime(warmDir);
  await warm.agentRuntime.run({ sessionKey: "agent:main:warm-up", message: "ping" }).result;
  await warm.agentRuntime.close();
  await warm.store.close();
  rmSync(warmDir, { recursive: true, force: true });
}
if (nofile) execFileSync("prlimit", ["--pid", String(process.pid), `--nofile=${nofile}:${nofile}`]);
const openFilesLimit = /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
process.stdout.write(`loaded nofile=${openFilesLimit}\n`);
if (!stateDir) throw new Error("usage: many-sessions STATE_DIR [COUNT]");
const { store: sessions, agentRuntime: runtime } = startRuntime(stateDir);
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

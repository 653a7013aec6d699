/**
 * Embed a Claw agent in a plain Node program.
 *
 *   ANTHROPIC_API_KEY=… npx tsx examples/embed-agent.ts "What files are in this folder?"
 *
 * Without a key it runs against the scripted faux provider, so the example always works.
 */
import { readdir } from "node:fs/promises";
import { createFauxProvider } from "@claw/providers";
import { Type } from "typebox";
import {
  type AgentTool,
  createAgentRuntime,
  createPersistentSessionStore,
  type TypedTool,
  textResult,
} from "../src/index.js";

const question = process.argv[2] ?? "What files are in this folder?";
const apiKey = process.env.ANTHROPIC_API_KEY;
const faux = apiKey
  ? undefined
  : createFauxProvider([
      { text: "Let me look.", toolCalls: [{ name: "ls", arguments: {} }] },
      "Listed them above.",
    ]);

// Any object with a TypeBox schema and an execute function is a tool (@claw/tools ships a full set).
const Ls = Type.Object({});
const ls: TypedTool<typeof Ls> = {
  name: "ls",
  description: "List the files in the current folder.",
  parameters: Ls,
  execute: async () => textResult((await readdir(process.cwd())).join("\n")),
};
const tools: AgentTool[] = [ls];
const sessions = createPersistentSessionStore({ stateDir: ".claw-example" });
const runtime = createAgentRuntime({
  agents: [
    {
      id: "main",
      model: { primary: faux ? "faux/faux-1" : "anthropic/claude-sonnet-4-5" },
      systemPrompt: "You are a concise assistant working in the user's folder.",
      tools,
    },
  ],
  ...(faux ? { resolveModel: () => faux.model } : {}),
  getApiKey: () => apiKey,
  sessions,
});

const run = runtime.run({ sessionKey: "agent:main:main", message: question });
for await (const event of run.events) {
  if (event.stream === "assistant" && event.data.kind === undefined) process.stdout.write(event.data.delta);
  if (event.stream === "tool" && event.data.phase === "start")
    process.stderr.write(`\n[tool] ${event.data.name}\n`);
}
const result = await run.result;
process.stdout.write(`\n\n(${result.status}, ${result.turns} model call(s))\n`);
await sessions.close();
process.exitCode = result.status === "ok" ? 0 : 1;

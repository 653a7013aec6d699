/**
 * Per-turn tool resolution: 60 tools (the core catalog plus plugin tools) through all nine
 * policy layers plus the channel, model and owner filters, against a plain Set filter.
 */
import { suite } from "@claw/bench-harness";
import {
  CORE_TOOL_IDS,
  compileToolPolicy,
  createToolPolicyCache,
  type ToolPolicyOptions,
} from "../src/index.js";

const plugins = Array.from({ length: 60 - CORE_TOOL_IDS.length }, (_, i) => `plugin_tool_${i}`);
const TOOLS = [...CORE_TOOL_IDS, ...plugins];

/** Every layer active, with names, groups, globs and aliases. */
const options = (): ToolPolicyOptions => ({
  global: {
    profile: "full",
    alsoAllow: ["memory_search"],
    allow: ["*"],
    deny: ["plugin_tool_1*"],
    byProvider: { anthropic: { profile: "full", deny: ["tts"] } },
  },
  agent: {
    id: "safe-agent",
    deny: ["bash", "plugin_tool_2?"],
    byProvider: { "anthropic/claude-sonnet-4-5": { deny: ["browser"] } },
  },
  model: { provider: "anthropic", id: "claude-sonnet-4-5" },
  channel: { id: "telegram", capabilities: ["threads"] },
  group: { source: "channels.telegram.groups[-100].tools", deny: ["group:ui"] },
  sandbox: { deny: ["gateway", "exec"] },
  subagent: { depth: 1, maxSpawnDepth: 2, tools: { deny: ["sessions_send"] } },
  sender: { isOwner: false },
  knownTools: plugins,
});

const allowed = new Set(TOOLS.filter((_, i) => i % 3 !== 0));
const policy = compileToolPolicy(options());
const cache = createToolPolicyCache();
const fixed = options();

await suite("tool-policy: resolve 60 tools × 9 layers", {
  baseline: { name: "Set filter over 60 tools", fn: () => TOOLS.filter((t) => allowed.has(t)) },
  cases: [
    {
      name: "compiled policy .resolve (per turn)",
      fn: () => policy.resolve(TOOLS),
      target: { maxMedianMs: 0.02 },
    },
    {
      name: "cache.get(fresh options) + resolve",
      fn: () => cache.get(options()).resolve(TOOLS),
      target: { maxMedianMs: 0.02 },
    },
    { name: "cache.get(same options) + resolve", fn: () => cache.get(fixed).resolve(TOOLS) },
    { name: "compile + resolve, no cache (cold)", fn: () => compileToolPolicy(options()).resolve(TOOLS) },
  ],
  minTimeMs: 500,
});

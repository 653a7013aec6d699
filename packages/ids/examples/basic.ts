/**
 * Session keys, thinking levels and model references with @claw/ids.
 * Run: npx tsx examples/basic.ts
 */
import {
  buildDirectSessionKey,
  buildMainSessionKey,
  buildSubagentSessionKey,
  isSubagentSessionKey,
  normalizeSessionKey,
  parseModelRef,
  parseSessionKey,
  parseThinkingLevel,
  sessionKeyAgentId,
  THINKING_LEVELS,
} from "@claw/ids";

const main = buildMainSessionKey("main", "home"); // session.mainKey = "home"
const dm = buildDirectSessionKey({
  agentId: "main",
  channel: "telegram",
  peerId: "42",
  dmScope: "per-channel-peer",
});
const child = buildSubagentSessionKey("code-reviewer", "3f2a");

console.log(main); // agent:main:home
console.log(dm); // agent:main:telegram:dm:42
console.log(parseSessionKey("agent:main:telegram:group:-100:topic:7"));
console.log(isSubagentSessionKey(child), sessionKeyAgentId(child)); // true code-reviewer
console.log(normalizeSessionKey("main", { agentId: "ops", mainKey: "home" })); // agent:ops:home

console.log(THINKING_LEVELS.join(" < "), parseThinkingLevel(" High ")); // off < … < high, "high"
console.log(parseModelRef("openrouter/moonshotai/kimi-k2")); // { provider: "openrouter", modelId: "moonshotai/kimi-k2", … }

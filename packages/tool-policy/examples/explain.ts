/**
 * Runnable: `pnpm exec tsx --conditions=@claw/source examples/explain.ts`
 * Resolves and explains the reference worked example for a non-owner on Telegram.
 */
import {
  CORE_TOOL_IDS,
  compileToolPolicy,
  explainToolPolicy,
  formatToolPolicyExplanation,
  type ToolPolicyOptions,
} from "../src/index.js";

const options: ToolPolicyOptions = {
  global: { profile: "coding", alsoAllow: ["memory_search"], deny: ["apply_patch"] },
  agent: { id: "safe-agent", deny: ["exec"] },
  channel: { id: "telegram", capabilities: ["threads"] },
  sender: { isOwner: false },
};

console.log("effective:", compileToolPolicy(options).resolve(CORE_TOOL_IDS).join(", "));
console.log(formatToolPolicyExplanation(explainToolPolicy(options, CORE_TOOL_IDS)));

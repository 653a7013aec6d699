// The README example, runnable: tsx --conditions=@claw/source examples/basic.ts
import {
  checkCompactionThreshold,
  compactHistory,
  estimateContextTokens,
  pruneContextMessages,
  runWithOverflowRecovery,
  type Summarizer,
  tiktokenEstimator,
} from "@claw/compaction";
import type { Message } from "@claw/providers";

// Any model call that turns messages + instructions into text.
const summarize: Summarizer = async (messages, instructions) =>
  `(${messages.length} messages summarised: ${instructions.slice(0, 40)}…)`;

let history: Message[] = [
  {
    role: "user",
    content: "Deploy to db-prod-01.example.com:5432 using config/production.yaml",
    timestamp: 1,
  },
  { role: "user", content: "log line ".repeat(100_000), timestamp: 2 },
  { role: "user", content: "What is left to do?", timestamp: 3 },
];
const contextWindow = 200_000;

// Before a prompt: compact when usage is above 80% of the window.
const { tokens } = estimateContextTokens(history, tiktokenEstimator);
if (checkCompactionThreshold({ tokens, contextWindow }).shouldCompact) {
  const compacted = await compactHistory(history, {
    contextWindow,
    mode: "safeguard",
    recentTurnsPreserve: 1,
    summarize,
  });
  history = compacted.messages; // [summary message, ...kept]
  console.log(compacted.result); // dropped/kept messages and tokens, budget, summary tokens, quality
}

// Per request, in memory only: trim old tool results once the prompt cache has expired.
const { messages: toSend } = pruneContextMessages(history, { contextWindowTokens: contextWindow });

// On a provider context-overflow error: compact and retry, at most 3 times, then a clear error.
await runWithOverflowRecovery({
  attempt: async () => ({ role: "assistant", sent: toSend.length }),
  compact: async () =>
    (await compactHistory(history, { contextWindow, summarize, trigger: "overflow" })).result,
});

import { describe, expect, it } from "vitest";
import { stripSilentTokens, visibleWhileStreaming } from "./silent.js";

describe("stripSilentTokens", () => {
  it.each([
    ["NO_REPLY", ""],
    ["no_reply", ""],
    ["  No_Reply.  ", ""],
    ["HEARTBEAT_OK", ""],
    ["heartbeat_ok", ""],
    ["**NO_REPLY**", ""],
    ["NO_REPLY\nDone.", "Done."],
    ["Done.\n\nHEARTBEAT_OK", "Done."],
    ["All good. heartbeat_ok", "All good."],
    ["NO_REPLY HEARTBEAT_OK", ""],
    ["REPLY_SKIP", ""],
    ["Hello there", "Hello there"],
    ["Say NO_REPLY when idle, please.", "Say NO_REPLY when idle, please."],
    ["NO_REPLYING is a word", "NO_REPLYING is a word"],
  ])("%j → %j", (input, expected) => {
    expect(stripSilentTokens(input)).toBe(expected);
  });
});

describe("visibleWhileStreaming", () => {
  it.each([
    ["N", ""],
    ["NO_", ""],
    ["no_rep", ""],
    ["**NO_RE", ""],
    ["  heartbeat_", ""],
    ["NO_REPLY", ""],
    ["Done.\n\nHEARTBEAT_", "Done."],
    ["Done. no_re", "Done."],
    ["Done. **NO_", "Done."],
    ["NO_REPLY\nHel", "Hel"],
    ["Hello there", "Hello there"],
    ["I said NO_REPLYING", "I said NO_REPLYING"],
    ["Answer: Nope", "Answer: Nope"],
    ["Answer: No", "Answer:"],
    ["Hello NO_REPLY", "Hello"],
  ])("%j → %j", (input, expected) => {
    expect(visibleWhileStreaming(input)).toBe(expected);
  });
});

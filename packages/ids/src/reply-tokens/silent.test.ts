import { describe, expect, it } from "vitest";
import { stripSilentTokens } from "./silent.js";

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

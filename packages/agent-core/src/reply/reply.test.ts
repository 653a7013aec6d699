import { describe, expect, it } from "vitest";
import { createReasoningTagStripper, stripReasoningTags } from "./reasoning-tags.js";
import { shapeReply } from "./shape-reply.js";

describe("shapeReply", () => {
  it.each([
    ["Hello", {}, { text: "Hello" }],
    ["NO_REPLY", {}, { text: "", suppressed: "NO_REPLY" }],
    ["  NO_REPLY\n", {}, { text: "", suppressed: "NO_REPLY" }],
    ["REPLY_SKIP", {}, { text: "", suppressed: "REPLY_SKIP" }],
    ["ANNOUNCE_SKIP", {}, { text: "", suppressed: "ANNOUNCE_SKIP" }],
    ["HEARTBEAT_OK", { heartbeat: true }, { text: "", suppressed: "HEARTBEAT_OK" }],
    ["HEARTBEAT_OK all quiet here", { heartbeat: true }, { text: "", suppressed: "HEARTBEAT_OK" }],
    ["⚠️ Critical bug in production!", { heartbeat: true }, { text: "⚠️ Critical bug in production!" }],
    [
      "HEARTBEAT_OK but also this is a long message that clearly needs delivery",
      { heartbeat: true },
      { text: "HEARTBEAT_OK but also this is a long message that clearly needs delivery" },
    ],
    ["<think>plan the answer</think>Done.", {}, { text: "Done." }],
    ["<thinking>x</thinking>NO_REPLY", {}, { text: "", suppressed: "NO_REPLY" }],
    ["We say NO_REPLY sometimes.", {}, { text: "We say NO_REPLY sometimes." }],
  ])("%j with %j", (input, options, expected) => {
    expect(shapeReply(input, options)).toEqual(expected);
  });
});

describe("reasoning tag stripping", () => {
  it("keeps only <final> content once a final tag appears", () => {
    expect(stripReasoningTags("preamble <final>answer</final> trailer")).toBe("answer");
  });

  it("enforceFinal drops everything outside <final>", () => {
    expect(stripReasoningTags("no tags at all here <think>x</think>", { enforceFinal: true })).toBe("");
  });

  it("handles tags split across streamed chunks", () => {
    const stripper = createReasoningTagStripper();
    const chunks = ["Hel", "lo <thi", "nk>secret", " stuff</th", "ink> world"];
    const out = chunks.map((c) => stripper.push(c)).join("") + stripper.end();
    expect(out).toBe("Hello  world");
  });

  it("passes a lone '<' through at the end", () => {
    const stripper = createReasoningTagStripper();
    expect(stripper.push("a < b") + stripper.end()).toBe("a < b");
  });
});

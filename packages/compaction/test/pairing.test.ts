import { describe, expect, it } from "vitest";
import { MISSING_TOOL_RESULT_TEXT, repairToolUseResultPairing } from "../src/index.js";
import { assistant, label, result, user } from "./build.js";

describe("repairToolUseResultPairing", () => {
  it.each([
    { name: "empty", input: () => [], expected: [], orphans: 0, synthetic: 0 },
    {
      name: "valid history is returned as the same array",
      input: () => [user("u"), assistant("a", { calls: [{ id: "1" }] }), result("1", "r")],
      expected: ["u", "a", "R:1"],
      orphans: 0,
      synthetic: 0,
    },
    {
      name: "orphan result at the start (its call was dropped) is removed",
      input: () => [result("T1", "r"), user("u"), assistant("a")],
      expected: ["u", "a"],
      orphans: 1,
      synthetic: 0,
    },
    {
      name: "result before its call is an orphan; the call gets a synthetic error result",
      input: () => [result("1", "early"), assistant("a", { calls: [{ id: "1" }] }), user("u")],
      expected: ["a", "R:1!", "u"],
      orphans: 1,
      synthetic: 1,
    },
    {
      name: "parallel calls with results out of order keep their order",
      input: () => [
        assistant("a", { calls: [{ id: "1" }, { id: "2" }, { id: "3" }] }),
        result("3", "r3"),
        result("1", "r1"),
        result("2", "r2"),
      ],
      expected: ["a", "R:3", "R:1", "R:2"],
      orphans: 0,
      synthetic: 0,
    },
    {
      name: "parallel calls with one result dropped get one synthetic result",
      input: () => [assistant("a", { calls: [{ id: "1" }, { id: "2" }] }), result("2", "r2"), user("u")],
      expected: ["a", "R:2", "R:1!", "u"],
      orphans: 0,
      synthetic: 1,
    },
    {
      name: "a result separated by a user message is moved back next to its call",
      input: () => [assistant("a", { calls: [{ id: "1" }] }), user("u"), result("1", "r")],
      expected: ["a", "R:1", "u"],
      orphans: 0,
      synthetic: 0,
    },
    {
      name: "duplicate results: the first wins",
      input: () => [assistant("a", { calls: [{ id: "1" }] }), result("1", "r"), result("1", "again")],
      expected: ["a", "R:1"],
      orphans: 0,
      synthetic: 0,
    },
    {
      name: "a call id reused by a later turn pairs with the nearest call",
      input: () => [
        assistant("a1", { calls: [{ id: "call_0" }] }),
        result("call_0", "r1"),
        user("u"),
        assistant("a2", { calls: [{ id: "call_0" }] }),
        result("call_0", "r2"),
      ],
      expected: ["a1", "R:call_0", "u", "a2", "R:call_0"],
      orphans: 0,
      synthetic: 0,
    },
  ])("$name", ({ input, expected, orphans, synthetic }) => {
    const messages = input();
    const repaired = repairToolUseResultPairing(messages);
    expect(repaired.messages.map(label)).toEqual(expected);
    expect(repaired.droppedOrphanResults).toHaveLength(orphans);
    expect(repaired.syntheticResults).toHaveLength(synthetic);
    if (orphans + synthetic === 0 && expected.length === messages.length && repaired.movedResults === 0)
      expect(repaired.messages).toBe(messages);
  });

  it("synthetic results are errors that say why, and can be turned off", () => {
    const messages = [assistant("a", { calls: [{ id: "x", name: "exec" }] })];
    const [, synthetic] = repairToolUseResultPairing(messages).messages;
    expect(synthetic).toMatchObject({ role: "toolResult", toolCallId: "x", toolName: "exec", isError: true });
    expect(synthetic?.role === "toolResult" && synthetic.content[0]).toEqual({
      type: "text",
      text: MISSING_TOOL_RESULT_TEXT,
    });
    expect(repairToolUseResultPairing(messages, { synthesizeMissing: false }).messages).toHaveLength(1);
  });
});

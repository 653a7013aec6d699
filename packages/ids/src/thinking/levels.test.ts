import { describe, expect, it } from "vitest";
import { isThinkingLevel, parseThinkingLevel, THINKING_LEVELS } from "./levels.js";

describe("thinking levels", () => {
  it("lists the levels from none to the most", () => {
    expect(THINKING_LEVELS).toEqual(["off", "minimal", "low", "medium", "high"]);
  });

  it.each([
    ["high", true],
    ["off", true],
    ["High", false],
    ["max", false],
    ["", false],
    [3, false],
    [undefined, false],
  ])("isThinkingLevel(%j) → %s", (value, expected) => {
    expect(isThinkingLevel(value)).toBe(expected);
  });

  it.each([
    [" High ", "high"],
    ["minimal", "minimal"],
    ["xhigh", undefined],
    [undefined, undefined],
  ])("parseThinkingLevel(%j) → %j", (value, expected) => {
    expect(parseThinkingLevel(value)).toBe(expected);
  });
});

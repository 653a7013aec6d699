import { describe, expect, it } from "vitest";
import { editDistance } from "./edit-distance.js";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["exec", "", 4],
    ["", "exec", 4],
    ["exec", "exec", 0],
    ["exce", "exec", 2],
    ["gatway", "gateway", 1],
    ["Gateway", "gateway", 0],
    ["anthropic/claude-opsu-4-6", "anthropic/claude-opus-4-6", 2],
    ["kitten", "sitting", 3],
  ])("%j → %j is %i", (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected);
    expect(editDistance(b, a)).toBe(expected);
  });
});

import { configJsonSchema } from "@claw/config";
import { describe, expect, it } from "vitest";
import { commandChoices, matchCommands } from "../src/app/chat/command-completion.js";
import { visibleRange } from "../src/app/chat/visible-range.js";
import { getAt, issuesUnder, mergePatch, setAt, validateDocument } from "../src/app/config/config-model.js";

describe("config form model", () => {
  it("reads and writes values at a path without touching the original", () => {
    const doc = { gateway: { port: 1, auth: { mode: "token" } } };
    const next = setAt(doc, ["gateway", "auth", "mode"], "password");
    expect(getAt(next, ["gateway", "auth", "mode"])).toBe("password");
    expect(doc.gateway.auth.mode).toBe("token");
    expect(getAt(setAt(doc, ["gateway", "port"], undefined), ["gateway"])).toEqual({
      auth: { mode: "token" },
    });
    expect(setAt({}, ["a", "b"], 1)).toEqual({ a: { b: 1 } });
  });

  it.each([
    ["no change", { a: 1 }, { a: 1 }, undefined],
    ["a leaf", { a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }, { a: { c: 3 } }],
    ["a removed key", { a: 1, b: 2 }, { a: 1 }, { b: null }],
    ["an array replaced whole", { a: [1, 2] }, { a: [1] }, { a: [1] }],
  ])("merge patch: %s", (_name, before, after, patch) => {
    expect(mergePatch(before, after)).toEqual(patch);
  });

  it("validates against the config schema with the config's own messages and hints", () => {
    const schema = configJsonSchema();
    const issues = validateDocument(schema, { gateway: { port: 99999, auth: { mode: "tokn" } }, gatway: {} });
    expect(issuesUnder(issues, ["gateway", "port"], true)[0]?.message).toMatch(/65535/);
    expect(issuesUnder(issues, ["gateway", "auth", "mode"], true)[0]?.hint).toMatch(/token/);
    expect(issuesUnder(issues, ["gateway"], false)).toHaveLength(2);
    expect(issuesUnder(issues, ["gatway"], true)[0]?.hint).toMatch(/gateway/);
    expect(validateDocument(schema, { gateway: { port: 18790 } }).size).toBe(0);
  });
});

describe("command completion", () => {
  const choices = commandChoices([
    { name: "new", textAliases: ["/new", "/reset"], description: "Start over" },
    { name: "model", description: "Pick a model" },
    { name: "status", textAliases: ["/status"], description: "Show status" },
  ]);

  it("offers each alias once, sorted", () => {
    expect(choices.map((c) => c.text)).toEqual(["/model", "/new", "/reset", "/status"]);
  });

  it.each([
    ["/", ["/model", "/new", "/reset", "/status"]],
    ["/st", ["/status"]],
    ["/e", ["/new", "/reset", "/model", "/status"].filter((t) => t.includes("e"))],
    ["/new now", []],
    ["hello", []],
  ])("%s", (draft, expected) => {
    const texts = matchCommands(draft, choices).map((c) => c.text);
    expect(new Set(texts)).toEqual(new Set(expected));
  });

  it("puts prefix matches before the rest", () => {
    expect(matchCommands("/s", choices).map((c) => c.text)).toEqual(["/status", "/reset"]);
  });
});

describe("virtual list window", () => {
  it.each([
    [[100, 100, 100, 100], 150, 250, [1, 3, 100]],
    [[100, 100, 100, 100], -500, 50, [0, 1, 0]],
    [[100, 100, 100, 100], 1000, 2000, [4, 4, 400]],
    [[], 0, 100, [0, 0, 0]],
  ])("heights %j over [%d, %d]", (heights, top, bottom, expected) => {
    expect(visibleRange(heights, top, bottom)).toEqual(expected);
  });
});

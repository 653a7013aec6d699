import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { createToolPrunablePredicate, estimateMessageChars, pruneContextMessages } from "../src/index.js";
import { assistant, result, user } from "./build.js";

const text = (m: Message | undefined) =>
  m?.role === "toolResult" && m.content[0]?.type === "text" ? m.content[0].text : "";

/** A history whose old tool results are `results`, followed by 3 protected assistant turns. */
function history(results: Message[]): Message[] {
  return [
    user("bootstrap"),
    ...results.flatMap((r, i) => [
      assistant(`a${i}`, { calls: [{ id: r.role === "toolResult" ? r.toolCallId : "?" }] }),
      r,
    ]),
    assistant("x"),
    user("next"),
    assistant("y"),
    assistant("z"),
  ];
}

/** The window (tokens) at which `messages` sit at `ratio` usage. */
function windowFor(messages: Message[], ratio: number): number {
  const chars = messages.reduce((s, m) => s + estimateMessageChars(m), 0);
  return chars / (4 * ratio);
}

const spec = {
  softTrimRatio: 0.7,
  hardClearRatio: 0.85,
  minPrunableToolChars: 1000,
  softTrim: { maxChars: 5000, headChars: 2000, tailChars: 2000 },
  hardClear: { enabled: true, placeholder: "[Tool result omitted due to context budget]" },
  tools: { allow: [], deny: ["memory_search"] },
};

describe("pruneContextMessages", () => {
  it("soft trim: 15000-char read result at 0.72 → head 2000 + marker + tail 2000", () => {
    const body = `${"h".repeat(2000)}${"m".repeat(11_000)}${"t".repeat(2000)}`;
    const messages = history([result("r1", body, { name: "read" })]);
    const out = pruneContextMessages(messages, {
      contextWindowTokens: windowFor(messages, 0.72),
      settings: spec,
    });
    const trimmed = text(out.messages[2]);
    expect(trimmed.startsWith("h".repeat(2000))).toBe(true);
    expect(trimmed.endsWith("t".repeat(2000))).toBe(true);
    expect(trimmed).toContain("...");
    expect(trimmed).toContain("15000");
    expect(trimmed.length).toBeLessThan(4200);
    expect(out).toMatchObject({ changed: true, softTrimmed: 1, hardCleared: 0 });
    expect(text(messages[2])).toBe(body); // input untouched
  });

  it("hard clear at 0.86; 900-char results are not trimmed; memory_search is never touched", () => {
    const messages = history([
      result("big", "b".repeat(40_000), { name: "read" }),
      result("small", "s".repeat(900), { name: "read" }),
      result("mem", "q".repeat(40_000), { name: "memory_search" }),
    ]);
    const out = pruneContextMessages(messages, {
      contextWindowTokens: windowFor(messages, 0.86),
      settings: spec,
    });
    expect(text(out.messages[2])).toBe("[Tool result omitted due to context budget]");
    expect(text(out.messages[4])).toBe("s".repeat(900));
    expect(text(out.messages[6])).toBe("q".repeat(40_000));
  });

  it.each([
    { name: "below the soft ratio", ratio: 0.2, settings: {}, skipped: "below-ratio" },
    { name: "mode off", ratio: 0.9, settings: { mode: "off" as const }, skipped: "off" },
    {
      name: "fewer than 3 assistants",
      ratio: 0.9,
      settings: { keepLastAssistants: 9 },
      skipped: "too-few-assistants",
    },
  ])("no change: $name", ({ ratio, settings, skipped }) => {
    const messages = history([result("r", "x".repeat(10_000))]);
    const out = pruneContextMessages(messages, { contextWindowTokens: windowFor(messages, ratio), settings });
    expect(out.messages).toBe(messages);
    expect(out.skipped).toBe(skipped);
  });

  it("defaults: 10000-char result at 0.35 trimmed to 1500 + marker + 1500; a 3000-char one unchanged", () => {
    const messages = history([result("a", "a".repeat(10_000)), result("b", "b".repeat(3_000))]);
    const out = pruneContextMessages(messages, { contextWindowTokens: windowFor(messages, 0.35) });
    expect(text(out.messages[2]).startsWith("a".repeat(1500))).toBe(true);
    expect(text(out.messages[2]).endsWith(`\n${"a".repeat(1500)}`)).toBe(true);
    expect(text(out.messages[4])).toBe("b".repeat(3_000));
  });

  it("defaults: ratio 0.6 with ≥ 50000 prunable chars → old results become the default placeholder", () => {
    const messages = history([result("a", "a".repeat(60_000))]);
    const out = pruneContextMessages(messages, { contextWindowTokens: windowFor(messages, 0.6) });
    expect(text(out.messages[2])).toBe("[Old tool result content cleared]");
  });

  it("protects results before the first user message, images, and recent turns", () => {
    const messages: Message[] = [
      assistant("boot", { calls: [{ id: "b" }] }),
      result("b", "B".repeat(60_000)),
      user("hi"),
      assistant("a", { calls: [{ id: "img" }] }),
      result("img", "I".repeat(60_000), { image: true }),
      assistant("x", { calls: [{ id: "recent" }] }),
      result("recent", "R".repeat(60_000)),
      assistant("y"),
      assistant("z"),
    ];
    const out = pruneContextMessages(messages, { contextWindowTokens: windowFor(messages, 0.9) });
    expect(out.messages).toBe(messages);
  });

  it("cache-ttl: no pruning while the cache is warm, pruning after the ttl", () => {
    const messages = history([result("a", "a".repeat(60_000))]);
    const options = { contextWindowTokens: windowFor(messages, 0.6), lastCacheTouchAt: 0 };
    expect(pruneContextMessages(messages, { ...options, now: 2 * 60_000 }).skipped).toBe("cache-warm");
    expect(pruneContextMessages(messages, { ...options, now: 6 * 60_000 }).changed).toBe(true);
  });
});

describe("createToolPrunablePredicate", () => {
  it.each([
    [{ allow: ["EXEC"], deny: ["exec"] }, "exec", false],
    [{ allow: [], deny: [] }, "anything", true],
    [{ allow: ["re*"], deny: [] }, "Read", true],
    [{ allow: ["re*"], deny: [] }, "grep", false],
    [{ allow: [], deny: ["memory_*"] }, "memory_get", false],
  ])("%j %s → %s", (tools, name, expected) => {
    expect(createToolPrunablePredicate(tools)(name)).toBe(expected);
  });
});

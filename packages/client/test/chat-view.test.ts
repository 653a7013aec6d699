import { describe, expect, it } from "vitest";
import { contentText, itemsFromHistory, RunBinding } from "../src/chat-view/index.js";

const summaryOf = (text: string) => (text.startsWith("SUMMARY:") ? text.slice(8).trim() : undefined);

describe("chat items from the transcript", () => {
  it("turns messages into bubbles, tool cards filled by their results, and compaction summaries", () => {
    const items = itemsFromHistory(
      [
        { role: "user", content: "SUMMARY: ## Goal\nShip v2" },
        { role: "user", content: "hi" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "hmm" },
            { type: "text", text: "Looking" },
            { type: "toolCall", id: "c1", name: "read", arguments: { path: "a" } },
          ],
        },
        {
          role: "toolResult",
          content: { toolCallId: "c1", isError: true, content: [{ type: "text", text: "nope" }] },
        },
      ],
      { compactionSummary: summaryOf },
    );
    expect(items).toEqual([
      { kind: "summary", id: "h1", text: "## Goal\nShip v2" },
      { kind: "user", id: "h2", text: "hi" },
      { kind: "assistant", id: "h3", text: "Looking", thinking: "hmm", streaming: false },
      {
        kind: "tool",
        id: "h4",
        toolCallId: "c1",
        name: "read",
        args: { path: "a" },
        status: "error",
        result: "nope",
      },
    ]);
  });

  it("shows a summary as plain text when no summary reader is given", () => {
    expect(itemsFromHistory([{ role: "user", content: "SUMMARY: x" }])).toEqual([
      { kind: "user", id: "h1", text: "SUMMARY: x" },
    ]);
  });

  it("keeps the images a person sent with a message", () => {
    const items = itemsFromHistory([
      {
        role: "user",
        content: [
          { type: "text", text: "what is this?" },
          { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
          { type: "image", data: 42, mimeType: "image/png" },
        ],
      },
    ]);
    expect(items).toEqual([
      {
        kind: "user",
        id: "h1",
        text: "what is this?",
        images: [{ mimeType: "image/png", data: "iVBORw0KGgo=" }],
      },
    ]);
  });

  it.each([
    ["a string", "plain", "plain"],
    [
      "text blocks joined",
      [
        { type: "text", text: "a" },
        { type: "image", data: "x" },
        { type: "text", text: "b" },
      ],
      "ab",
    ],
    ["anything else", { weird: true }, ""],
  ])("contentText of %s", (_name, content, text) => expect(contentText(content)).toBe(text));

  it("gives a tool call with non-object arguments an empty argument list, and ignores orphan results", () => {
    const items = itemsFromHistory([
      { role: "assistant", content: [{ type: "toolCall", id: "c1", name: "ls", arguments: "oops" }] },
      { role: "toolResult", content: { toolCallId: "zz", content: "late" } },
    ]);
    expect(items).toEqual([{ kind: "tool", id: "h1", toolCallId: "c1", name: "ls", args: {}, status: "ok" }]);
  });
});

describe("run binding", () => {
  const ev = (runId: string, n: number) => ({ runId, n });

  it("holds a run's events until its session is known, then replays them in order", () => {
    const binding = new RunBinding<{ runId: string; n: number }>();
    const first = ev("r", 1);
    const second = ev("r", 2);
    expect(binding.route(first)).toBeUndefined();
    expect(binding.route(second)).toBeUndefined();
    expect(binding.sessionOf("r")).toBeUndefined();
    expect(binding.bind("r", "s")).toEqual([first, second]);
    expect(binding.bind("r", "s")).toEqual([]);
    expect(binding.route(ev("r", 3))).toBe("s");
    expect(binding.sessionOf("r")).toBe("s");
  });

  it("bounds what it holds for runs that never bind", () => {
    const binding = new RunBinding<{ runId: string; n: number }>();
    for (let i = 0; i < 40; i++) binding.route(ev(`run${i}`, i));
    expect(binding.bind("run0", "s")).toEqual([]);
    expect(binding.bind("run39", "s")).toHaveLength(1);
  });

  it("imports nothing from Node, so pages can bundle it", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const dir = new URL("../src/chat-view/", import.meta.url);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), "utf8");
      expect(source, file).not.toMatch(/from "node:|from "(fs|path|crypto|ws)"/);
    }
  });
});

import { describe, expect, it } from "vitest";
import { blockView, createDraftStream } from "./draft-stream.js";

describe("blockView", () => {
  it.each([
    ["fewer than minChars new: nothing more", "aaaa. bbbb", 0, 20, 40, ""],
    [
      "cut at the last sentence end",
      "One two three. Four five six. Seven",
      0,
      5,
      100,
      "One two three. Four five six.",
    ],
    ["a paragraph beats a later sentence", "Intro here.\n\nBody one. Body two", 0, 5, 100, "Intro here."],
    ["no break past maxChars: cut at maxChars", "x".repeat(50), 0, 10, 30, "x".repeat(30)],
    ["no break under maxChars: wait", "x".repeat(25), 0, 10, 30, ""],
    ["counts from what is shown", "Shown. Next part. More", 6, 5, 100, "Shown. Next part."],
  ])("%s", (_name, text, shown, min, max, expected) => {
    expect(blockView(text, shown, min, max)).toBe(expected);
  });
});

describe("draft stream", () => {
  it("never shows text that may still become a silent token, and edits in place", async () => {
    const calls: string[] = [];
    const draft = createDraftStream({
      mode: "partial",
      limit: 4096,
      intervalMs: 5,
      send: async (text) => {
        calls.push(`send:${text}`);
        return { messageId: "m1" };
      },
      edit: async (id, text) => {
        calls.push(`edit:${id}:${text}`);
      },
    });
    draft.update("NO_RE");
    await new Promise((r) => setTimeout(r, 20));
    draft.update("Hello");
    await new Promise((r) => setTimeout(r, 20));
    draft.update("Hello there");
    await new Promise((r) => setTimeout(r, 20));
    expect(await draft.finish()).toEqual(["m1"]);
    draft.update("Hello there, too late");
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual(["send:Hello", "edit:m1:Hello there"]);
  });
});

describe("draft stream and silent tokens", () => {
  it.each([
    ["a reply that ends in a silent token", "Working on it.\n\nNO_REPLY"],
    ["a silent token in emphasis", "**NO_REPLY**"],
    ["a heartbeat acknowledgement, lower case", "All fine here. heartbeat_ok"],
  ])("%s: no draft ever shows a piece of the token", async (_name, reply) => {
    const shown: string[] = [];
    const draft = createDraftStream({
      mode: "partial",
      limit: 4096,
      intervalMs: 1,
      send: async (text) => {
        shown.push(text);
        return { messageId: "m1" };
      },
      edit: async (_id, text) => {
        shown.push(text);
      },
    });
    // The model writes a character at a time; every prefix gets its chance to be shown.
    for (let end = 1; end <= reply.length; end++) {
      draft.update(reply.slice(0, end));
      await new Promise((r) => setTimeout(r, 3));
    }
    await draft.finish();
    for (const text of shown) expect(text).not.toMatch(/N$|NO_|_R|HEARTB|heartb|\*\*N|_$/);
    expect(shown.every((text) => reply.startsWith(text) || reply.includes(text))).toBe(true);
  });
});

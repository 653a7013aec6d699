import { describe, expect, it } from "vitest";
import { RingBuffer } from "./ring-buffer.js";

describe("RingBuffer", () => {
  it("keeps everything under capacity", () => {
    const b = new RingBuffer(10, 4);
    b.write("abc");
    b.write("def");
    expect(b.contents()).toBe("abcdef");
  });

  it("keeps head and tail with a marker when over capacity", () => {
    const b = new RingBuffer(5, 3);
    b.write("0123456789abcdef");
    expect(b.contents()).toBe("012\n[… 8 characters omitted …]\nbcdef");
    expect(b.written).toBe(16);
  });

  it("since() reports new output and how much was lost in between", () => {
    const b = new RingBuffer(4, 0);
    b.write("abcd");
    const first = b.since(0);
    expect(first).toEqual({ text: "abcd", next: 4, lost: 0 });
    b.write("efghij");
    expect(b.since(first.next)).toEqual({ text: "ghij", next: 10, lost: 2 });
  });
});

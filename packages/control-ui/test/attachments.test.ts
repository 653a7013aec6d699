import { describe, expect, it } from "vitest";
import {
  addAttachments,
  DEFAULT_ATTACHMENT_LIMITS,
  formatBytes,
  type PickedFile,
  toBase64,
  toWireAttachment,
} from "../src/app/chat/attachments.js";

const file = (name: string, type: string, size: number, fill = 1): PickedFile => ({
  name,
  type,
  size,
  arrayBuffer: async () => new Uint8Array(size).fill(fill).buffer,
});
const limits = { maxBytes: 1_000, maxImageBytes: 300, maxCount: 3 };
let n = 0;
const newId = () => `a${++n}`;

describe("composer attachments", () => {
  it("keeps files within the limits and says why each other one was refused", () => {
    const { pending, problems } = addAttachments(
      [],
      [
        file("photo.png", "image/png", 200),
        file("huge.png", "image/png", 301),
        file("empty.txt", "text/plain", 0),
        file("notes.txt", "text/plain", 700),
        file("more.txt", "text/plain", 200),
        file("diagram.svg", "image/svg+xml", 50),
        file("extra.txt", "text/plain", 1),
      ],
      limits,
      newId,
    );
    expect(pending.map((p) => [p.file.name, p.kind])).toEqual([
      ["photo.png", "image"],
      ["notes.txt", "file"],
      ["diagram.svg", "file"],
    ]);
    expect(problems).toEqual([
      "huge.png is 301 B; the limit for an image is 300 B",
      "empty.txt is empty",
      "more.txt: the files of one message may add up to 1000 B",
      "extra.txt: at most 3 files per message",
    ]);
  });

  it("uses OpenClaw's limits until the gateway says its own", () => {
    expect(DEFAULT_ATTACHMENT_LIMITS).toEqual({
      maxBytes: 19_464_192,
      maxImageBytes: 6_291_456,
      maxCount: 8,
    });
    expect(formatBytes(6_291_456)).toBe("6.0 MB");
    expect(formatBytes(2_048)).toBe("2.0 KB");
  });

  it("encodes large files to base64 without overflowing the stack", () => {
    const bytes = new Uint8Array(300_000).map((_, i) => i % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });

  it("turns a pending file into OpenClaw's chat.send attachment", async () => {
    const [photo] = addAttachments([], [file("dot.png", "image/png", 3, 7)], limits, newId).pending;
    expect(photo && (await toWireAttachment(photo))).toEqual({
      type: "image",
      mimeType: "image/png",
      fileName: "dot.png",
      sizeBytes: 3,
      content: Buffer.from([7, 7, 7]).toString("base64"),
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { checkAttachments, fileNameProblem } from "../src/methods/attachments.js";
import { call, connected, type RawClient } from "./helpers/client.js";
import type { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";

/** A 1×1 PNG. */
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const LIMITS = { maxAttachments: 3, maxAttachmentBytes: 2_000, maxImageBytes: 100 };

let gw: GatewayHandle;
let fake: ReturnType<typeof createFakeRuntime>;
let admin: RawClient;
beforeAll(async () => {
  ({ gw, fake } = await startTestGateway({ limits: LIMITS }));
  ({ c: admin } = await connected(gw.url, { auth: { token: TOKEN } }));
});
afterAll(() => gw.close());

let key = 0;
const send = (attachments: unknown[], message = "look") =>
  call(admin, "chat.send", {
    sessionKey: "agent:main:main",
    message,
    idempotencyKey: `a${++key}`,
    attachments,
  });

describe("chat.send attachments", () => {
  it("hands checked images and files to the runtime, and says its limits in hello-ok", async () => {
    const { hello } = await connected(gw.url, { auth: { token: TOKEN } });
    expect((hello.payload as { policy: unknown }).policy).toMatchObject({
      attachments: { maxBytes: 2_000, maxImageBytes: 100 },
    });
    const res = await send([
      { type: "image", mimeType: "image/png", fileName: "dot.png", content: PNG },
      {
        type: "file",
        mimeType: "text/plain",
        fileName: "notes.txt",
        content: Buffer.from("hi").toString("base64"),
      },
      { fileName: "dot2.png", content: `data:image/png;base64,${PNG}` },
    ]);
    expect(res.ok, JSON.stringify(res.error)).toBe(true);
    const input = fake.runs.at(-1);
    expect(
      input?.attachments?.map(({ kind, mimeType, fileName, bytes }) => [
        kind,
        mimeType,
        fileName,
        bytes.length,
      ]),
    ).toEqual([
      ["image", "image/png", "dot.png", 70],
      ["file", "text/plain", "notes.txt", 2],
      ["image", "image/png", "dot2.png", 70],
    ]);
  });

  it.each([
    [
      "too many",
      [1, 2, 3, 4].map((n) => ({ type: "file", fileName: `${n}.txt`, content: "aGk=" })),
      /4 attachments, above the limit of 3/,
    ],
    [
      "an oversized image",
      [{ type: "image", mimeType: "image/png", content: Buffer.alloc(101).toString("base64") }],
      /attachments\[0\] is 101 bytes, above the 100 bytes limit for an image/,
    ],
    [
      "an oversized total",
      [0, 1].map(() => ({ type: "file", content: Buffer.alloc(1_500).toString("base64") })),
      /attachments\[1\] brings the message's attachments/,
    ],
    [
      "an unsupported type",
      [{ type: "audio", mimeType: "audio/ogg", content: "aGk=" }],
      /type "audio", which is not supported/,
    ],
    [
      "an image format models do not read",
      [{ type: "image", mimeType: "image/svg+xml", content: "PHN2Zy8+" }],
      /image of type "image\/svg\+xml"/,
    ],
    ["content that is not base64", [{ type: "file", content: "not base64!" }], /content is not base64/],
    ["no content", [{ type: "file", fileName: "a.txt" }], /has no content/],
    [
      "a cut-off upload",
      [{ type: "file", content: "aGk=", sizeBytes: 10 }],
      /says it is 10 bytes but its content is 2/,
    ],
    [
      "a path-traversal name",
      [{ type: "file", fileName: "../../etc/passwd", content: "aGk=" }],
      /fileName "..\/..\/etc\/passwd" contains a folder separator/,
    ],
    [
      "a Windows path",
      [{ type: "file", fileName: "..\\boot.ini", content: "aGk=" }],
      /contains a folder separator/,
    ],
    ["a dot-dot name", [{ type: "file", fileName: "..", content: "aGk=" }], /is not a file name/],
  ])("refuses %s and accepts nothing", async (_name, attachments, message) => {
    const before = fake.runs.length;
    const res = await send(attachments);
    expect(res).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "INVALID_ATTACHMENT" } },
    });
    const text = (res.error as { message?: string } | undefined)?.message;
    expect(text).toMatch(message);
    expect(text).toMatch(/Nothing was accepted/);
    expect(fake.runs.length).toBe(before);
  });

  it("refuses a malformed attachments list by schema", async () => {
    const res = await send(["not an object"]);
    expect(res).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", details: { code: "INVALID_PARAMS" } },
    });
  });
});

describe("file names", () => {
  it.each([
    ["photo.png", undefined],
    ["Résumé 2026 (final).pdf", undefined],
    ["", "is empty"],
    [".", "is not a file name"],
    ["a/b", "contains a folder separator"],
    ["a\u0000b", "contains control characters"],
    ["x".repeat(201), "is longer than 200 characters"],
  ])("%j → %s", (name, problem) => expect(fileNameProblem(name)).toBe(problem));

  it("names an unnamed attachment after its kind and place", () => {
    expect(checkAttachments([{ content: PNG, mimeType: "image/png" }], LIMITS)[0]?.fileName).toBe("image-1");
  });
});

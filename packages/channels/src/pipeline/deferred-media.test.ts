import { describe, expect, it } from "vitest";
import type { MediaRef } from "../contract/channel.js";
import { journalledText, withFetchedMedia } from "./deferred-media.js";

const deferred: MediaRef = {
  kind: "document",
  mimeType: "text/plain",
  remote: { id: "F1", name: "notes.txt" },
};
const stored = (media: readonly MediaRef[]) => ({
  sessionKey: "s",
  ...journalledText({ text: "read this", media }),
});

describe("store first, download after", () => {
  it("journals deferred files as references with the bare text; ready ones become text lines at once", () => {
    expect(journalledText({ text: "read this", media: [deferred] })).toEqual({
      text: "read this",
      deferredMedia: [deferred],
    });
    expect(journalledText({ text: "hi", media: [{ kind: "photo", path: "/in/a.jpg" }] })).toEqual({
      text: "hi\n[photo attached: /in/a.jpg]",
    });
  });

  it.each([
    [
      "fetched",
      async () => ({ kind: "document" as const, path: "/in/notes.txt" }),
      "read this\n[document attached: /in/notes.txt]",
    ],
    [
      "the fetcher reports a refusal",
      async () => ({ kind: "document" as const, skipped: "download failed: HTTP 500" }),
      "read this\n[document not downloaded: download failed: HTTP 500]",
    ],
    [
      "the fetcher throws (it must not, but the message is kept)",
      async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:9");
      },
      "read this\n[document not downloaded: download failed: connect ECONNREFUSED 127.0.0.1:9]",
    ],
    [
      "no fetcher for the channel",
      undefined,
      "read this\n[document not downloaded: no file downloader for slack]",
    ],
  ])("%s: the message reaches the agent with the file or the reason", async (_name, fetch, text) => {
    const ready = await withFetchedMedia(stored([deferred]), "slack", "default", fetch);
    expect(ready).toEqual({ sessionKey: "s", text, hasMedia: true });
  });
});

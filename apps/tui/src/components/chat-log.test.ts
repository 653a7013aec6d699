import { describe, expect, it } from "vitest";
import { createTheme } from "../theme/theme.js";
import { ChatLog } from "./chat-log.js";

const render = (items: Parameters<ChatLog["update"]>[0]["items"]) => {
  const log = new ChatLog(createTheme({ color: false }));
  log.update({ items, showThinking: false, expandTools: false });
  return log.render(60).join("\n");
};

describe("chat log", () => {
  it("shows a compaction summary as a notice, not as something the person said", () => {
    const text = render([{ kind: "summary", id: "h1", text: "We chose PostgreSQL." }]);
    expect(text).toContain("earlier conversation, summarised:");
    expect(text).toContain("We chose PostgreSQL.");
    expect(text).not.toContain("›");
  });

  it("names the images sent with a message", () => {
    const text = render([
      { kind: "user", id: "h1", text: "look", images: [{ mimeType: "image/png", data: "iVBOR" }] },
    ]);
    expect(text).toContain("› look");
    expect(text).toContain("[image image/png]");
    expect(text).not.toContain("iVBOR");
  });
});

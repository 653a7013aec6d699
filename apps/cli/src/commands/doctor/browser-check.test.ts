import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validateConfig } from "@claw/config";
import { describe, expect, it } from "vitest";
import { browserFindings } from "./browser-check.js";

function config(document: object) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}
const emptyDir = mkdtempSync(join(tmpdir(), "claw-doctor-browser-"));

describe("doctor browser check", () => {
  it("says nothing when the browser tool is off", async () => {
    expect(await browserFindings(config({ tools: { browser: { enabled: false } } }), emptyDir)).toEqual([]);
  });

  it("warns when Chromium is missing, naming the Debian package", async () => {
    const [finding] = await browserFindings(config({}), emptyDir);
    expect(finding).toMatchObject({ check: "browser", level: "warn" });
    expect(finding?.message).toContain("chromium is not installed");
    expect(finding?.fix).toContain("apt-get install chromium");
  });

  it("reports a configured executable that is not there", async () => {
    const missing = join(emptyDir, "chrome");
    const [finding] = await browserFindings(config({ tools: { browser: { executablePath: missing } } }));
    expect(finding?.message).toContain(`not found at ${missing}`);
  });

  it("is ok with the system Chromium", async () => {
    expect(await browserFindings(config({}), "/usr/bin")).toEqual([
      {
        check: "browser",
        level: "ok",
        message: expect.stringMatching(/^Chromium \d+.* at \/usr\/bin\/chromium$/),
      },
    ]);
  });
});

import { validateConfig } from "@claw/config";
import { checkBwrap } from "@claw/tools";
import { describe, expect, it } from "vitest";
import { sandboxFindings } from "./sandbox-check.js";

function config(document: object) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}
const sandboxed = config({ agents: { list: [{ id: "a" }, { id: "b", sandbox: { mode: "non-main" } }] } });
const bwrap = await checkBwrap();

describe("doctor sandbox check", () => {
  it("says nothing when no agent is sandboxed (bubblewrap is not needed)", async () => {
    expect(await sandboxFindings(config({}), "/nonexistent/bwrap")).toEqual([]);
  });

  it("fails when a sandbox is asked for and bubblewrap is missing, naming the package", async () => {
    const [finding] = await sandboxFindings(sandboxed, "/nonexistent/bwrap");
    expect(finding).toMatchObject({ check: "sandbox", level: "fail" });
    expect(finding?.message).toContain("not installed");
    expect(finding?.fix).toContain("apt-get install bubblewrap");
  });

  it.skipIf(!bwrap.ok)("is ok when bubblewrap can create namespaces", async () => {
    expect(await sandboxFindings(sandboxed)).toEqual([
      { check: "sandbox", level: "ok", message: expect.stringMatching(/^bubblewrap .* can sandbox exec$/) },
    ]);
  });
});

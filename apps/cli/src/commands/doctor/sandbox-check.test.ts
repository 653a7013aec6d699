import { validateConfig } from "@claw/config";
import { checkBwrap, checkHostHiding, DEFAULT_SANDBOX_USER } from "@claw/tools";
import { describe, expect, it } from "vitest";
import { sandboxFindings } from "./sandbox-check.js";

function config(document: object) {
  const result = validateConfig(document);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.config;
}
const sandboxed = config({ agents: { list: [{ id: "a" }, { id: "b", sandbox: { mode: "non-main" } }] } });
const bwrap = await checkBwrap();
const hiding = await checkHostHiding();
const asRoot = process.getuid?.() === 0;

describe("doctor sandbox check", () => {
  it("without a sandbox, checks only that host exec can hide the state dir (naming the package when bubblewrap is missing)", async () => {
    expect(await sandboxFindings(config({}), "/nonexistent/bwrap")).toEqual([
      {
        check: "host-exec",
        level: "warn",
        message: expect.stringContaining("host commands of non-main sessions can read the state dir"),
        fix: expect.stringContaining("apt-get install bubblewrap"),
      },
    ]);
  });

  it("fails when a sandbox is asked for and bubblewrap is missing, naming the package", async () => {
    const [finding] = await sandboxFindings(sandboxed, "/nonexistent/bwrap");
    expect(finding).toMatchObject({ check: "sandbox", level: "fail" });
    expect(finding?.message).toContain("not installed");
    expect(finding?.fix).toContain("apt-get install bubblewrap");
  });

  it.skipIf(!bwrap.ok || !hiding.ok)(
    "probes a real sandbox: its uid, read-only /proc/sys, a process limit, and the hiding",
    async () => {
      const uid = asRoot ? DEFAULT_SANDBOX_USER.uid : process.getuid?.();
      expect(await sandboxFindings(sandboxed)).toEqual([
        {
          check: "sandbox",
          level: "ok",
          message: expect.stringMatching(
            new RegExp(
              `^bubblewrap .* can sandbox exec: commands run as uid ${uid}.*/proc/sys is read-only, process limits apply`,
            ),
          ),
        },
        {
          check: "host-exec",
          level: "ok",
          message: "host commands of non-main sessions run with the state dir hidden",
        },
      ]);
    },
  );

  it.skipIf(!bwrap.ok || !asRoot)("the probe runs as the configured sandbox.user", async () => {
    const withUser = config({
      agents: { defaults: { sandbox: { mode: "all", user: { uid: 2_000_000_321, gid: 2_000_000_321 } } } },
    });
    const [finding] = await sandboxFindings(withUser);
    expect(finding?.message).toContain("commands run as uid 2000000321");
  });
});

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SandboxUnavailableError } from "./bwrap-check.js";
import { DEFAULT_SANDBOX_USER, sandboxUserFor } from "./sandbox-user.js";
import { findUtilLinux } from "./util-linux.js";

describe("findUtilLinux", () => {
  it("finds prlimit and setpriv under /usr or /bin", () => {
    expect(findUtilLinux("prlimit")).toMatch(/^\/(usr\/)?s?bin\/prlimit$/);
  });

  it("refuses with the package to install when a program is missing", () => {
    const empty = mkdtempSync(join(tmpdir(), "claw-no-util-linux-"));
    expect(() => findUtilLinux("setpriv", [empty])).toThrow(SandboxUnavailableError);
    expect(() => findUtilLinux("setpriv", [empty])).toThrow(
      /`setpriv` \(util-linux\).*apt-get install util-linux/,
    );
  });
});

describe("sandboxUserFor", () => {
  it.each([
    [0, undefined, DEFAULT_SANDBOX_USER],
    [0, { uid: 3000000000, gid: 3000000001 }, { uid: 3000000000, gid: 3000000001 }],
    [1000, { uid: 3000000000, gid: 3000000001 }, undefined],
    [1000, undefined, undefined],
  ])("gateway uid %d, configured %j → %j", (gatewayUid, configured, expected) => {
    expect(sandboxUserFor(configured, gatewayUid)).toEqual(expected);
  });
});

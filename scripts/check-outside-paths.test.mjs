import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { findOutsidePathReads } from "./check-outside-paths.mjs";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const made = [];

/** Sample source text; written with UP for ".." and SHARED for the shared folder so this file passes the check itself. */
const sample = (text) => text.replaceAll("UP", "..").replaceAll("SHARED", ["shared", "reference"].join("/"));

/** A throwaway repository holding the given files (path → text), inside a folder of its own. */
function fakeRepo(files) {
  const outer = mkdtempSync(join(tmpdir(), "outside-paths-"));
  made.push(outer);
  const root = join(outer, "repo");
  for (const [path, text] of Object.entries({ "package.json": "{}\n", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, outer };
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("check-outside-paths", () => {
  it("finds nothing in this repository", () => {
    expect(findOutsidePathReads(repoRoot)).toEqual([]);
  });

  it.each([
    ["new URL climbing out", 'const c = new URL("UP/UP/UP/UP/elsewhere/x/", import.meta.url);'],
    ["an import climbing out", 'import { x } from "UP/UP/UP/UP/elsewhere/x.js";'],
    ["a dynamic import climbing out", 'const m = await import("UP/UP/UP/UP/other/m.js");'],
    ["join from this file's folder", 'const p = join(__dirname, "UP", "UP", "UP", "UP", "data.json");'],
    [
      "join from import.meta.url",
      'const p = resolve(dirname(fileURLToPath(import.meta.url)), "UP/UP/UP/UP/x");',
    ],
  ])("flags %s", (_name, line) => {
    const { root } = fakeRepo({ "packages/a/test/t.test.ts": `${sample(line)}\n` });
    const problems = findOutsidePathReads(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^packages\/a\/test\/t\.test\.ts:1 reads ".*", outside the repository$/);
  });

  it("flags any mention of the shared reference folder", () => {
    const { root } = fakeRepo({
      "packages/a/test/t.test.ts": sample('const REF = process.env.X + "/SHARED";\n'),
    });
    expect(findOutsidePathReads(root)).toEqual([
      "packages/a/test/t.test.ts:1 reads the shared reference folder; copy what it needs into fixtures/",
    ]);
  });

  it("flags an absolute path of this machine outside the repository", () => {
    const { root, outer } = fakeRepo({});
    writeFileSync(join(root, "oracle.test.ts"), `const REF = "${outer}";\n`);
    expect(findOutsidePathReads(root, { systemRoots: [] })).toEqual([
      `oracle.test.ts:1 names "${outer}", a path of this machine outside the repository`,
    ]);
    expect(findOutsidePathReads(root)).toEqual([]);
  });

  it("flags a package config climbing out and a shell script leaving the repository", () => {
    const { root } = fakeRepo({
      "packages/a/tsconfig.json": sample('{ "extends": "UP/UP/UP/base.json" }\n'),
      "scripts/go.sh": sample('cd "$(dirname "$0")/UP/UP"\n'),
    });
    expect(findOutsidePathReads(root)).toEqual([
      'packages/a/tsconfig.json:1 reads "../../../base.json", outside the repository',
      'scripts/go.sh:1 reads "../..", outside the repository',
    ]);
  });

  it("accepts paths inside the repository, example data and comments", () => {
    const { root } = fakeRepo({
      "packages/a/test/t.test.ts": [
        'import { x } from "UP/src/index.js";',
        'const f = new URL("UP/UP/UP/fixtures/wire-captures/", import.meta.url);',
        '// fixture("x"); // "/work/SHARED/wire-captures/x"',
        'const hostile = tool.run({ path: "UP/UP/UP/UP/UP/etc/passwd" });',
        'const home = { homeDir: "/home/u", stateDir: "/home/u/.claw" };',
        'const tmp = join(tmpdir(), "x");',
      ]
        .map(sample)
        .join("\n"),
      "packages/a/tsconfig.json": sample('{ "extends": "UP/UP/tsconfig.base.json" }\n'),
      "scripts/go.sh": sample('cd "$(dirname "$0")/UP"\n'),
    });
    expect(findOutsidePathReads(root)).toEqual([]);
  });
});

/**
 * The pieces under the exec gate's safe-binary check, by tables: argv read like getopt_long,
 * jq and find; globs expanded like /bin/sh; paths followed like the kernel.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFindArgv } from "../src/approvals/find-grammar.js";
import { expandGlob } from "../src/approvals/glob-expand.js";
import { indexGrammar, parseArgv } from "../src/approvals/option-grammar.js";
import { safeBinary } from "../src/approvals/safe-binaries.js";
import { WorkspaceScope } from "../src/approvals/workspace-scope.js";
import { analyzeCommand, decideExec } from "../src/index.js";
import { tempWorkspace } from "./helpers.js";

function read(program: string, args: string[]) {
  const bin = safeBinary(program);
  if (!bin || bin.grammar === "find") throw new Error(`${program} has no argv grammar`);
  const parsed = parseArgv(bin.grammar, indexGrammar(bin.grammar), args);
  return {
    uses: parsed.uses.map((u) => `${u.kind}:${u.value}`),
    asks: parsed.asks,
    tags: [...parsed.tags.keys()],
  };
}

describe("argv read like the program reads it", () => {
  it.each([
    ["sort", ["-uo", "F", "in"], ["path-write:F", "path-read:in"]],
    ["sort", ["-oF", "in"], ["path-write:F", "path-read:in"]],
    ["sort", ["in", "--outp=F"], ["path-write:F", "path-read:in"]],
    ["sort", ["--output", "F"], ["path-write:F"]],
    ["sort", ["-k", "2", "--", "-o"], ["text:2", "path-read:-o"]],
    ["sort", ["-o", "--", "x"], ["path-write:--", "path-read:x"]],
    ["date", ["-f../x"], ["path-read:../x"]],
    ["date", ["-Iseconds"], ["text:seconds"]],
    ["date", ["-I", "seconds"], ["text:seconds"]],
    ["grep", ["-e", "x", "f1"], ["pattern:x", "path-read:f1"]],
    ["grep", ["x", "f1", "-f", "p"], ["path-read:f1", "path-read:p", "path-read:x"]], // with -f every operand is a file
    ["grep", ["-5", "x", "f"], ["pattern:x", "path-read:f"]],
    ["grep", ["--colo=always", "x"], ["text:always", "pattern:x"]],
    ["head", ["-5c", "f"], ["path-read:f"]],
    ["uniq", ["a", "b"], ["path-read:a", "path-write:b"]],
    ["tr", ["a", "-d"], ["text:a", "text:-d"]],
    ["jq", ["-n", "--arg", "a", "b", "."], ["text:a", "text:b", "jq-program:."]],
    ["jq", ["-f", "prog", "in"], ["path-read:prog", "path-read:in"]],
    ["jq", ["--rawfile", "t", "f", "."], ["text:t", "path-read:f", "jq-program:."]],
    ["cmp", ["a", "b", "1", "2"], ["path-read:a", "path-read:b", "number:1", "number:2"]],
  ])("%s %j", (program, args, uses) => {
    const got = read(program, args);
    expect(got.asks).toEqual([]);
    expect(program === "grep" && args.includes("-f") ? [...got.uses].sort() : got.uses).toEqual(uses);
  });

  it.each([
    ["sort", ["--c", "x"], /"--c" is ambiguous \(--check, --compress-program\)/],
    ["sort", ["--frob"], /"--frob" is not an option/],
    ["sort", ["-uZ"], /"-Z" \(in "-uZ"\) is not an option/],
    ["sort", ["--unique=x"], /takes no value/],
    ["sort", ["-o"], /is missing its value/],
    ["jq", ["--rawfile=t", "f"], /takes no "="/],
    ["jq", ["-L..", "."], /only on its own/],
    ["jq", ["--raw", "."], /not an option/],
    ["uname", ["x"], /one more than the program takes/],
  ])("%s %j asks", (program, args, reason) => {
    expect(read(program, args).asks.join("; ")).toMatch(reason);
  });

  it("same-row aliases are not ambiguous; the tags say what an option does", () => {
    expect(read("grep", ["--col", "x"]).asks).toEqual([]);
    expect(read("grep", ["-R", "x"]).tags).toContain("recursive");
    expect(read("ls", ["-L"]).tags).toEqual(["follows"]);
  });

  it("find: starting points, file arguments and refused predicates", () => {
    const find = parseFindArgv(["src", "..", "-newer", "f", "-newermt", "2020-01-01", "-name", "*.ts"]);
    expect(find.uses.map((u) => `${u.kind}:${u.value}`)).toEqual([
      "path-read:src",
      "path-read:..",
      "path-read:f",
      "date-spec:2020-01-01",
      "pattern:*.ts",
    ]);
    expect(parseFindArgv([".", "(", "-name", "x", "-o", "-exec", "sh", ";", ")"]).asks).toEqual([
      '"-exec" runs a program for every file',
    ]);
    expect(parseFindArgv(["-L", "."]).asks[0]).toMatch(/follows symlinks/);
  });
});

describe("globs expanded like /bin/sh", () => {
  const { root } = tempWorkspace();
  mkdirSync(join(root, "src"));
  for (const name of ["a.md", "b.md", ".hidden", "src/x.ts", "-R", "[x]"])
    writeFileSync(join(root, name), "");

  it.each([
    ["*.md", ["a.md", "b.md"]],
    [".*", [".", "..", ".hidden"]],
    ["*", ["-R", "[x]", "a.md", "b.md", "src"]],
    ["src/*.ts", ["src/x.ts"]],
    ["*/x.ts", ["src/x.ts"]],
    ["[ab].md", ["a.md", "b.md"]],
    ["[!a].md", ["b.md"]],
    ["\\[x]", ["[x]"]],
    ["*.none", ["*.none"]],
    ["\\*.md", ["*.md"]],
    ["[[:alpha:]].md", ["a.md", "b.md"]],
  ])("%s → %j", (pattern, words) => {
    const result = expandGlob(pattern, root);
    expect(result.ok && result.words).toEqual(words);
  });

  it("an unreadable bracket expression asks instead of throwing", () => {
    expect(expandGlob("[z-a]*", root)).toEqual({
      ok: false,
      reason: expect.stringMatching(/bracket expression/),
    });
  });

  it("names the folders it read, and gives up past its limits", () => {
    expect(expandGlob("../*", join(root, "src"))).toMatchObject({ ok: true, listed: [".."] });
    mkdirSync(join(root, "many"));
    for (let i = 0; i < 300; i++) writeFileSync(join(root, "many", `f${i}`), "");
    expect(expandGlob("many/*", root)).toEqual({ ok: false, reason: expect.stringMatching(/more than 256/) });
  });
});

describe("paths followed like the kernel follows them", () => {
  const { root, outside } = tempWorkspace();
  mkdirSync(join(root, "sub"));
  symlinkSync(outside, join(root, "out"));
  symlinkSync("../..", join(root, "sub", "up"));
  symlinkSync("missing/../../x", join(root, "dangling"));
  symlinkSync("loop", join(root, "loop"));
  const scope = new WorkspaceScope(root, root);

  it.each([
    ["sub", true],
    ["sub/../sub", true],
    ["nothing/yet", true],
    ["..", false],
    ["out", false],
    ["out/../ws", true],
    ["sub/up", false],
    ["sub/up/ws/sub", true],
    ["dangling", false],
    ["/etc", false],
  ])("%s inside: %s", (word, inside) => {
    expect(scope.outsideReason(word) === undefined).toBe(inside);
  });

  it("a symlink loop cannot be resolved, and says so", () => {
    expect(scope.outsideReason("loop/x")).toMatch(/cannot be resolved/);
  });
});

describe("what the owner approved before keeps working", () => {
  it("an allowlist entry for a safe binary vouches for arguments the grammar would ask about", async () => {
    const { root } = tempWorkspace();
    const where = { cwd: root, path: "/usr/local/bin:/usr/bin:/bin", workspaceRoot: root };
    const analysis = await analyzeCommand("sort -o out.txt a.txt", where);
    const sort = analysis.segments[0]?.resolvedPath ?? "/usr/bin/sort";
    const policy = { security: "allowlist", ask: "on-miss" } as const;
    expect(decideExec(policy, analysis, []).action).toBe("ask");
    expect(
      decideExec(policy, analysis, [{ id: "e", pattern: sort, argPattern: "-o out.txt a.txt" }]).action,
    ).toBe("run");
    expect(decideExec(policy, analysis, [{ id: "e", pattern: sort, argPattern: "-u *" }]).action).toBe("ask");
  });
});

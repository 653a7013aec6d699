/**
 * The path-escape corpus: hostile paths and glob patterns against every tool that takes one.
 * A secret with unique content and a file with a unique name live outside the workspace (next to
 * it, and in a sibling whose name shares the workspace's prefix); real symlinks lead there. No
 * tool output may contain the secret or the unlisted name, and nothing outside may change.
 */
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentTool } from "@claw/agent-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCodingTools } from "../src/index.js";
import { call, tempWorkspace, text } from "./helpers.js";

const TOKEN = `secret-${randomBytes(8).toString("hex")}`;
const UNLISTED = `unlisted-${randomBytes(8).toString("hex")}.txt`;
const PWNED = `pwned-${randomBytes(8).toString("hex")}`;
/** Strings that appear in a tool's output only if it read or listed outside the workspace. */
const LEAKS = [TOKEN, UNLISTED, "root:x:0:0", "ws-evil-secret"];

const { root, outside } = tempWorkspace();
const base = join(root, "..");
const evil = join(base, "ws-evil");
let tools: Map<string, AgentTool>;
let dispose: () => void;

beforeAll(() => {
  writeFileSync(join(outside, "secret.txt"), `${TOKEN}\n`);
  writeFileSync(join(outside, UNLISTED), `${TOKEN}\n`);
  mkdirSync(evil);
  writeFileSync(join(evil, "secret.txt"), `ws-evil-secret ${TOKEN}\n`);
  mkdirSync(join(root, "sub"));
  writeFileSync(join(root, "notes.md"), "hello world\n");
  writeFileSync(join(root, "sub", "inner.txt"), "inner hello\n");
  symlinkSync(outside, join(root, "link-dir"));
  symlinkSync(join(outside, "secret.txt"), join(root, "link-file.txt"));
  symlinkSync(join(outside, "not-yet.txt"), join(root, "dangling.txt"));
  symlinkSync(join(outside, "new-dir", "x.txt"), join(root, "dangling-deep.txt"));
  symlinkSync("chain-b", join(root, "chain-a"));
  symlinkSync(outside, join(root, "chain-b"));
  symlinkSync("../../outside", join(root, "sub", "up"));
  symlinkSync("/", join(root, "link-root"));
  symlinkSync("../ws-evil", join(root, "link-evil"));
  symlinkSync("notes.md", join(root, "inside-link.md"));
  const coding = createCodingTools({ workspaceDir: root, exec: { backgroundMs: 5_000 } });
  tools = new Map(coding.tools.map((t) => [t.name, t]));
  dispose = coding.dispose;
});
afterAll(() => dispose());
// Contained requests with odd names (a folder called "~", say) succeed, and may move notes.md away.
beforeEach(() => writeFileSync(join(root, "notes.md"), "hello world\n"));

const PATHS: string[] = [
  "../outside/secret.txt",
  "../outside/../outside/secret.txt",
  "../outside",
  "..",
  "../../etc/passwd",
  "./../outside/secret.txt",
  "sub/../../outside/secret.txt",
  "sub/./../../outside",
  `${outside}/secret.txt`,
  outside,
  "/etc/passwd",
  "/etc",
  `${evil}/secret.txt`,
  "../ws-evil/secret.txt",
  "link-dir/secret.txt",
  "link-dir",
  "link-dir/new.txt",
  "link-file.txt",
  "dangling.txt",
  "dangling-deep.txt",
  "chain-a/secret.txt",
  "chain-a",
  "sub/up/secret.txt",
  "sub/up",
  "link-root/etc/passwd",
  "link-evil/secret.txt",
  "secret\0.txt",
  "notes.md\0../../outside/secret.txt",
  `${"../".repeat(200)}etc/passwd`,
  `${"a/".repeat(3000)}x`,
  "x".repeat(5000),
  "~/secret.txt",
  "~/../outside/secret.txt",
  "%2e%2e/outside/secret.txt",
  "%2e%2e%2foutside%2fsecret.txt",
  "..%2Foutside%2Fsecret.txt",
  "..\\outside\\secret.txt",
  "sub\\..\\..\\outside\\secret.txt",
  "\u2025/outside/secret.txt",
  "\uff0e\uff0e/outside/secret.txt",
  "\u2024\u2024/outside/secret.txt",
  "file:///etc/passwd",
];

const PATTERNS: string[] = [
  "../outside/*",
  "../outside/**",
  "../**",
  `${outside}/*`,
  "/etc/passwd",
  "/etc/*",
  "link-dir/*",
  "link-dir/**",
  "chain-a/**",
  "sub/up/*",
  "link-root/etc/*",
  "link-evil/**",
  "{..,x}/outside/*",
  "{x,..}/**",
  "@(..)/outside/*",
  "\\.\\./outside/*",
  ".[.]/outside/*",
  "**/../../outside/*",
  "sub/../../outside/*",
  "*/../../*",
  "..\\outside\\*",
  "C:/Windows/*",
  "~/*",
  "%2e%2e/outside/*",
  "link-*/*",
  "**/secret.txt",
  "**/unlisted-*",
  "**/*",
  "**",
  "secret\0*",
  `${"../".repeat(100)}**`,
];

const patch = (body: string) => ({ input: `*** Begin Patch\n${body}\n*** End Patch` });
const PATH_CALLS: [string, (path: string) => Record<string, unknown>][] = [
  ["read", (path) => ({ path })],
  ["write", (path) => ({ path, content: PWNED })],
  ["edit", (path) => ({ path, oldText: TOKEN, newText: PWNED })],
  ["ls", (path) => ({ path })],
  ["find", (path) => ({ pattern: "**", path })],
  ["grep", (path) => ({ pattern: "secret|root", path })],
  ["exec", (path) => ({ command: "cat secret.txt; ls", workdir: path })],
  ["apply_patch", (path) => patch(`*** Add File: ${path}\n+${PWNED}`)],
  ["apply_patch", (path) => patch(`*** Update File: ${path}\n+${PWNED}`)],
  ["apply_patch", (path) => patch(`*** Delete File: ${path}`)],
  ["apply_patch", (path) => patch(`*** Update File: notes.md\n*** Move to: ${path}\n hello world`)],
];
const PATTERN_CALLS: [string, (pattern: string) => Record<string, unknown>][] = [
  ["find", (pattern) => ({ pattern })],
  ["grep", (glob) => ({ pattern: "secret|root", glob })],
];

const cases = [
  ...PATH_CALLS.flatMap(([tool, args]) =>
    PATHS.filter((p) => tool !== "apply_patch" || !/[\0\n]/.test(p)).map((p) => [tool, args(p)] as const),
  ),
  ...PATTERN_CALLS.flatMap(([tool, args]) => PATTERNS.map((p) => [tool, args(p)] as const)),
];

/** Every file outside the workspace with its content (symlinks not followed). */
function outsideSnapshot(): Record<string, string> {
  const snapshot: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (full === root) continue;
      const info = lstatSync(full);
      if (info.isDirectory()) walk(full);
      else snapshot[full] = info.isFile() ? readFileSync(full, "utf8") : "(other)";
    }
  };
  walk(base);
  return snapshot;
}

describe(`path-escape corpus (${cases.length} attempts)`, () => {
  it("has at least 100 attempts", () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it.each(cases.map(([tool, args], i) => [i, tool, JSON.stringify(args).slice(0, 120), args] as const))(
    "#%i %s %s reads, lists and writes nothing outside",
    async (_i, tool, _shown, args) => {
      const before = outsideSnapshot();
      const output = await call(tools.get(tool) as AgentTool, args).then(
        text,
        (error: Error) => error.message,
      );
      for (const leak of LEAKS) expect(output).not.toContain(leak);
      expect(outsideSnapshot()).toEqual(before);
    },
    15_000,
  );
});

describe("the corpus's controls: contained requests still work", () => {
  it("reads through a symlink that stays inside, and searches the workspace", async () => {
    expect(text(await call(tools.get("read") as AgentTool, { path: "inside-link.md" }))).toContain("hello");
    const grep = text(await call(tools.get("grep") as AgentTool, { pattern: "hello", glob: "**/*" }));
    expect(grep).toContain("notes.md:1: hello world");
    expect(grep).toContain("sub/inner.txt:1: inner hello");
    expect(text(await call(tools.get("find") as AgentTool, { pattern: "sub/*.txt" }))).toBe("sub/inner.txt");
  });

  it("names a symlink that leads outside in ls without following it", async () => {
    const out = text(await call(tools.get("ls") as AgentTool, {}));
    expect(out).toMatch(/link-dir \(symlink leading outside the workspace; not followed\)/);
    expect(out).toContain("inside-link.md");
  });

  it("refuses with errors that name the path, the workspace and the rule", async () => {
    const grep = tools.get("grep") as AgentTool;
    await expect(call(grep, { pattern: "x", glob: "/etc/passwd" })).rejects.toThrow(
      `Pattern "/etc/passwd" is outside the workspace ${root}: patterns are relative to the workspace and may not be absolute`,
    );
    await expect(call(grep, { pattern: "x", glob: "link-dir/*" })).rejects.toThrow(
      /Pattern "link-dir\/\*" is outside the workspace .*: the folder it starts in is outside \(a symlink on the way leads outside\)/,
    );
    await expect(call(tools.get("read") as AgentTool, { path: "../x" })).rejects.toThrow(
      `Path "../x" is outside the workspace ${root}: it climbs out with ".."`,
    );
  });

  it("the leak check would notice the secret", () => {
    expect(readFileSync(join(root, "link-file.txt"), "utf8")).toContain(TOKEN);
  });
});

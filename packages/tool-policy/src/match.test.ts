import { describe, expect, it } from "vitest";
import { TOOL_GROUPS } from "./groups.js";
import { classifyEntry, compileToolMatcher, globToRegExp, type ToolListEntry } from "./match.js";

const compile = (entries: string[], extra: Partial<ToolListEntry> = {}) =>
  compileToolMatcher(
    entries.map((entry) => ({ entry, path: "tools.allow", ...extra })),
    { groups: TOOL_GROUPS },
  );

describe("compileToolMatcher", () => {
  it.each([
    // [entries, tool, matches]
    [["read"], "read", true],
    [["read"], "write", false],
    [["*"], "anything_at_all", true],
    [["group:runtime"], "exec", true],
    [["group:runtime"], "process", true],
    [["group:runtime"], "read", false],
    [["sessions_*"], "sessions_spawn", true],
    [["sessions_*"], "session_status", false],
    [["web_?etch"], "web_fetch", true],
    [["memory*"], "memory_get", true],
    [["bash"], "exec", true],
    [["EXEC"], "exec", true],
    [["group:nope"], "read", false],
    [[], "read", false],
    [["a.b"], "axb", false],
  ])("%j matches %s: %s", (entries, tool, expected) => {
    expect(compile(entries).test(tool)).toBe(expected);
  });

  it("reports which entry matched", () => {
    const m = compile(["read", "group:runtime", "sessions_*"]);
    expect(m.match("process")).toEqual({ entry: "group:runtime", path: "tools.allow" });
    expect(m.match("sessions_list")?.entry).toBe("sessions_*");
    expect(m.match("write")).toBeUndefined();
  });

  it("the first entry naming a tool is the one reported", () => {
    expect(compile(["exec", "group:runtime"]).match("exec")?.entry).toBe("exec");
    expect(compile(["group:runtime", "exec"]).match("exec")?.entry).toBe("group:runtime");
  });

  describe("apply_patch follows write", () => {
    it.each([
      [["write"], true],
      [["group:fs"], true],
      [["wr*"], true],
      [["read"], false],
    ])("written list %j → apply_patch %s", (entries, expected) => {
      expect(compile(entries).test("apply_patch")).toBe(expected);
    });

    it("says so in the hit", () => {
      expect(compile(["write"]).match("apply_patch")).toEqual({
        entry: "write",
        path: "tools.allow",
        via: "apply_patch follows write",
      });
    });

    it("prefers an explicit apply_patch entry", () => {
      expect(compile(["write", "apply_patch"]).match("apply_patch")?.via).toBeUndefined();
    });

    it("does not apply to exact (built-in table) entries", () => {
      expect(compile(["write"], { exact: true }).test("apply_patch")).toBe(false);
    });
  });
});

describe("classifyEntry / globToRegExp", () => {
  it.each([
    ["*", "all"],
    ["group:fs", "group"],
    ["sessions_*", "glob"],
    ["exec", "name"],
  ])("%s is a %s entry", (entry, kind) => {
    expect(classifyEntry(entry, TOOL_GROUPS).kind).toBe(kind);
  });

  it("escapes regex characters", () => {
    expect(globToRegExp("a+b(c)*").test("a+b(c)xyz")).toBe(true);
    expect(globToRegExp("a+b*").test("aab")).toBe(false);
  });
});

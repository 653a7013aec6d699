import { describe, expect, it } from "vitest";
import { CORE_TOOL_IDS, CORE_TOOLS, getCoreTool, OWNER_ONLY_TOOLS, sortToolsByCatalog } from "./catalog.js";
import { normalizeToolName, TOOL_ALIASES, TOOL_GROUPS } from "./groups.js";
import { isToolProfileId, TOOL_PROFILE_IDS, TOOL_PROFILES } from "./profiles.js";

describe("catalog", () => {
  it("has unique lowercase ids, each with a one-line summary", () => {
    expect(new Set(CORE_TOOL_IDS).size).toBe(CORE_TOOL_IDS.length);
    for (const tool of CORE_TOOLS) {
      expect(tool.id).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(tool.summary).not.toMatch(/\n/);
      expect(tool.summary.length).toBeGreaterThan(0);
    }
  });

  it("starts in the reference's canonical order", () => {
    expect(CORE_TOOL_IDS.slice(0, 12)).toEqual([
      "read",
      "write",
      "edit",
      "apply_patch",
      "grep",
      "find",
      "ls",
      "exec",
      "process",
      "web_search",
      "web_fetch",
      "memory_search",
    ]);
  });

  it.each([
    ["read", "Read file contents"],
    ["write", "Create or overwrite files"],
    ["edit", "Make precise edits to files"],
    ["apply_patch", "Apply multi-file patches"],
    ["grep", "Search file contents for patterns"],
    ["find", "Find files by glob pattern"],
    ["exec", "Run shell commands (pty available for TTY-required CLIs)"],
    ["process", "Manage background exec sessions"],
    ["web_search", "Search the web (Brave API)"],
    ["memory_search", "Search memory (MEMORY.md + memory/*.md)"],
    ["sessions_spawn", "Spawn an isolated sub-agent session"],
  ])("%s keeps the reference summary", (id, summary) => {
    expect(getCoreTool(id)?.summary).toBe(summary);
  });

  it("marks gateway, cron and nodes owner-only", () => {
    expect([...OWNER_ONLY_TOOLS].sort()).toEqual(["cron", "gateway", "nodes"]);
  });

  it("returns undefined for unknown ids", () => {
    expect(getCoreTool("nope")).toBeUndefined();
  });

  it("sorts into catalog order with plugin tools last, by name", () => {
    expect(sortToolsByCatalog(["zeta", "exec", "alpha", "read"])).toEqual(["read", "exec", "alpha", "zeta"]);
  });
});

describe("groups, aliases and profiles", () => {
  it("only reference catalog tools", () => {
    const known = new Set(CORE_TOOL_IDS);
    for (const members of Object.values(TOOL_GROUPS))
      for (const id of members) expect(known.has(id)).toBe(true);
    for (const table of Object.values(TOOL_PROFILES))
      if (table !== "*") for (const id of table) expect(known.has(id)).toBe(true);
    for (const target of Object.values(TOOL_ALIASES)) expect(known.has(target)).toBe(true);
  });

  it.each([
    ["group:fs", ["read", "write", "edit", "apply_patch"]],
    ["group:runtime", ["exec", "process"]],
    ["group:web", ["web_search", "web_fetch"]],
    ["group:memory", ["memory_search", "memory_get"]],
    ["group:messaging", ["message"]],
    ["group:automation", ["cron", "gateway"]],
  ])("%s lists %j", (group, members) => {
    expect(TOOL_GROUPS[group]).toEqual(members);
  });

  it("group:sessions covers every sessions tool", () => {
    expect(TOOL_GROUPS["group:sessions"]).toEqual(
      expect.arrayContaining(["sessions_list", "sessions_send", "sessions_spawn", "session_status"]),
    );
  });

  it.each([
    ["bash", "exec"],
    [" BASH ", "exec"],
    ["apply-patch", "apply_patch"],
    ["Read", "read"],
  ])("normalizes %j to %j", (input, output) => {
    expect(normalizeToolName(input)).toBe(output);
  });

  it("knows exactly the four profiles", () => {
    expect(TOOL_PROFILE_IDS).toEqual(["minimal", "coding", "messaging", "full"]);
    expect(isToolProfileId("coding")).toBe(true);
    expect(isToolProfileId("codng")).toBe(false);
    expect(isToolProfileId("toString")).toBe(false);
  });
});

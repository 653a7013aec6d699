import { describe, expect, it } from "vitest";
import { CORE_TOOLS } from "./catalog.js";
import {
  CORE_TOOL_IDS,
  catalogView,
  getCoreTool,
  OWNER_ONLY_TOOLS,
  sortToolsByCatalog,
} from "./catalog-view.js";
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

  it("keeps the reference's canonical order for the tools this build has", () => {
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

  it("marks cron owner-only (gateway and nodes are not built, so not listed)", () => {
    expect([...OWNER_ONLY_TOOLS].sort()).toEqual(["cron"]);
  });

  it("gives every tool a group and a risk", () => {
    for (const tool of CORE_TOOLS) {
      expect(tool.group).toMatch(/^[a-z]+$/);
      expect(["low", "medium", "high"]).toContain(tool.risk);
    }
    expect(getCoreTool("exec")?.risk).toBe("high");
    expect(getCoreTool("write")?.risk).toBe("medium");
  });

  it("lists no tool this build does not implement", () => {
    for (const phantom of ["gateway", "nodes", "canvas", "tts", "subagents", "agents_list"])
      expect(getCoreTool(phantom)).toBeUndefined();
  });

  it("a registered row extends groups, owner-only and capabilities; a repeated id replaces in place", () => {
    const view = catalogView([
      ...CORE_TOOLS,
      { id: "lobster", summary: "Claws", group: "media", risk: "low", requires: "audio", ownerOnly: true },
      { id: "read", summary: "Read, plugged", group: "fs", risk: "low" },
    ]);
    expect(view.groups["group:media"]).toEqual(["image", "lobster"]);
    expect(view.ownerOnly).toEqual(["cron", "lobster"]);
    expect(view.capabilityNeeds.get("lobster")).toBe("audio");
    expect(view.ids[0]).toBe("read");
    expect(view.get("read")?.summary).toBe("Read, plugged");
    expect(view.groups["group:core"]).toContain("lobster");
  });

  it("returns undefined for unknown ids", () => {
    expect(getCoreTool("nope")).toBeUndefined();
  });

  it("sorts into catalog order with plugin tools last, by name", () => {
    expect(sortToolsByCatalog(["zeta", "exec", "alpha", "read"])).toEqual(["read", "exec", "alpha", "zeta"]);
  });
});

describe("groups, aliases and profiles", () => {
  it("groups and aliases name only catalog tools; profiles only reference tools", () => {
    const known = new Set(CORE_TOOL_IDS);
    for (const members of Object.values(TOOL_GROUPS))
      for (const id of members) expect(known.has(id)).toBe(true);
    // Profiles are the reference's lists: they may name a tool this build lacks (it is then simply absent).
    const reference = new Set(CORE_TOOL_IDS);
    for (const table of Object.values(TOOL_PROFILES))
      if (table !== "*") for (const id of table) expect(reference.has(id)).toBe(true);
    for (const target of Object.values(TOOL_ALIASES)) expect(known.has(target)).toBe(true);
  });

  it.each([
    ["group:fs", ["read", "write", "edit", "apply_patch"]],
    ["group:runtime", ["exec", "process"]],
    ["group:web", ["web_search", "web_fetch"]],
    ["group:memory", ["memory_search", "memory_get"]],
    ["group:messaging", ["message"]],
    ["group:automation", ["cron"]],
    ["group:media", ["image"]],
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

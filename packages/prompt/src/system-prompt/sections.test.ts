import { describe, expect, it } from "vitest";
import { buildSystemPromptSections } from "./build.js";
import { isSubagentSessionKey, resolvePromptMode } from "./mode.js";
import { buildRuntimeLine } from "./runtime.js";
import type { SectionId, SystemPromptParams } from "./types.js";

const ids = (p: Partial<SystemPromptParams>): SectionId[] =>
  buildSystemPromptSections({ workspaceDir: "/w", ...p }).map((s) => s.id);

describe("prompt modes", () => {
  it.each([
    ["agent:main:main", undefined, "full"],
    ["agent:coder:subagent:abc", undefined, "minimal"],
    ["agent:coder:subagent:", undefined, "full"],
    ["agent:coder:subagent:abc", "full", "full"],
    [undefined, "none", "none"],
    ["subagent:x", undefined, "full"],
  ] as const)("session %s with mode %s → %s", (sessionKey, mode, expected) => {
    expect(resolvePromptMode({ sessionKey, mode })).toBe(expected);
  });

  it("isSubagentSessionKey needs agent:<id>:subagent:<id>", () => {
    expect(isSubagentSessionKey("agent:a:subagent:1")).toBe(true);
    expect(isSubagentSessionKey("agent:a:main")).toBe(false);
    expect(isSubagentSessionKey(undefined)).toBe(false);
  });

  it("minimal keeps only identity, tooling, safety, workspace, runtime", () => {
    const full: Partial<SystemPromptParams> = {
      tools: [{ name: "memory_search" }],
      skills: [{ name: "git", description: "d", location: "/l" }],
      docsPath: "/docs",
      contextFiles: [{ path: "AGENTS.md", content: "x" }],
      channel: { id: "telegram" },
    };
    expect(ids({ ...full, mode: "minimal" })).toEqual([
      "identity",
      "tooling",
      "safety",
      "workspace",
      "runtime",
    ]);
    expect(ids({ ...full, mode: "none" })).toEqual(["identity"]);
    expect(ids({ ...full, mode: "full" })).toEqual([
      "identity",
      "tooling",
      "tool-call-style",
      "safety",
      "skills",
      "memory",
      "workspace",
      "docs",
      "replies",
      "heartbeat",
      "messaging",
      "runtime",
      "project-context",
    ]);
  });
});

describe("section gating", () => {
  it.each([
    [[], false],
    [["read"], false],
    [["memory_search"], true],
    [["memory_get"], true],
  ])("memory section with tools %j → %s", (names, present) => {
    expect(ids({ tools: names.map((name) => ({ name })) }).includes("memory")).toBe(present);
  });

  it("skills section disappears without skills", () => {
    expect(ids({ skills: [] })).not.toContain("skills");
  });

  it("tool lines keep catalog order, drop duplicates and newlines", () => {
    const text = buildSystemPromptSections({
      workspaceDir: "/w",
      tools: [{ name: "zeta", summary: "last\nline" }, { name: "alpha" }, { name: "zeta" }],
    }).find((s) => s.id === "tooling")?.text;
    expect(text).toContain("- zeta: last line\n- alpha\n");
    expect(text?.match(/zeta/g)).toHaveLength(1);
  });

  it("time section shows the date in the zone and falls back to UTC for unknown zones", () => {
    const at = new Date("2026-01-01T02:00:00Z");
    const text = (timeZone: string) =>
      buildSystemPromptSections({ workspaceDir: "/w", now: at, timeZone }).find((s) => s.id === "time")?.text;
    expect(text("America/New_York")).toContain("2025-12-31 (Wednesday) in time zone America/New_York");
    expect(text("Mars/Olympus")).toContain("2026-01-01 (Thursday) in time zone UTC");
  });

  it("SOUL.md line appears only with a SOUL.md basename", () => {
    const ctx = (path: string) =>
      buildSystemPromptSections({ workspaceDir: "/w", contextFiles: [{ path, content: "x" }] }).at(-1)
        ?.text ?? "";
    expect(ctx("persona/SOUL.md")).toContain("embody its persona");
    expect(ctx("NOTSOUL.md")).not.toContain("embody its persona");
  });

  it("empty context files are skipped", () => {
    expect(ids({ contextFiles: [{ path: "AGENTS.md", content: "  \n" }] })).not.toContain("project-context");
  });
});

describe("runtime line", () => {
  it.each([
    [{}, undefined, undefined, "Runtime: thinking=off"],
    [{ agentId: "main", os: "darwin" }, undefined, "high", "Runtime: agent=main | os=darwin | thinking=high"],
    [
      { os: "linux", arch: "arm64" },
      { id: "discord" },
      "low",
      "Runtime: os=linux (arm64) | channel=discord | capabilities= | thinking=low",
    ],
    [
      {
        agentId: "code-reviewer",
        host: "macbook-pro",
        repoRoot: "/Users/user/project",
        os: "darwin",
        model: "claude-sonnet-4-5",
      },
      { id: "telegram", capabilities: ["inlineButtons", "threads"] },
      "low",
      "Runtime: agent=code-reviewer | host=macbook-pro | repo=/Users/user/project | os=darwin | model=claude-sonnet-4-5 | channel=telegram | capabilities=inlineButtons,threads | thinking=low",
    ],
    [{ host: "evil\nhost" }, undefined, undefined, "Runtime: host=evil host | thinking=off"],
  ] as const)("%j %j %s", (runtime, channel, thinking, expected) => {
    expect(buildRuntimeLine(runtime, channel, thinking)).toBe(expected);
  });
});

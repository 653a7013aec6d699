import { describe, expect, it } from "vitest";
import type { BootstrapFile } from "./bootstrap/load.js";
import { formatContextDetail, formatContextList } from "./context-format.js";
import { buildSystemPromptWithReport } from "./report.js";
import { buildSystemPrompt } from "./system-prompt/build.js";
import type { SystemPromptParams } from "./system-prompt/types.js";

const files: BootstrapFile[] = [
  { path: "AGENTS.md", content: "a".repeat(1742), status: "ok", rawChars: 1742, injectedChars: 1742 },
  { path: "TOOLS.md", content: "t".repeat(900), status: "truncated", rawChars: 54_210, injectedChars: 900 },
  {
    path: "HEARTBEAT.md",
    content: "[missing file: HEARTBEAT.md]",
    status: "missing",
    rawChars: 0,
    injectedChars: 0,
  },
];

const params: SystemPromptParams = {
  workspaceDir: "/ws",
  tools: [{ name: "read", summary: "Read file contents" }, { name: "exec" }],
  skills: [
    { name: "git", description: "Git", location: "/s/git/SKILL.md" },
    { name: "notes", description: "A longer description", location: "/s/notes/SKILL.md" },
  ],
  contextFiles: files,
};

describe("buildSystemPromptWithReport", () => {
  const { prompt, report } = buildSystemPromptWithReport(params, {
    toolSchemas: [
      { name: "read", parameters: { type: "object", properties: { path: { type: "string" } } } },
      { name: "exec", parameters: { type: "object" } },
    ],
    maxCharsPerFile: 20_000,
  });

  it("returns the same prompt as buildSystemPrompt", () => {
    expect(prompt).toBe(buildSystemPrompt(params));
  });

  it("section sizes add up to the prompt (plus separators)", () => {
    const sum = report.sections.reduce((n, s) => n + s.chars, 0) + 2 * (report.sections.length - 1);
    expect(sum).toBe(report.systemPrompt.chars);
    expect(report.systemPrompt.tokens).toBe(Math.round(prompt.length / 4));
  });

  it("reports bootstrap files, skills and tool schemas", () => {
    expect(report.bootstrap.files.map((f) => [f.name, f.status, f.raw.tokens])).toEqual([
      ["AGENTS.md", "ok", 436],
      ["TOOLS.md", "truncated", 13_553],
      ["HEARTBEAT.md", "missing", 0],
    ]);
    expect(report.skills.count).toBe(2);
    expect(report.skills.entries.map((e) => e.name)).toEqual(["git", "notes"]);
    expect(report.tools.schemas.entries.map((e) => e.name)).toEqual(["read", "exec"]);
    expect(report.tools.schemas.chars).toBe(
      JSON.stringify({ type: "object", properties: { path: { type: "string" } } }).length + 17,
    );
  });

  it("formats /context list and /context detail", () => {
    const list = formatContextList(report);
    expect(list).toContain("Bootstrap max/file: 20,000 chars");
    expect(list).toContain("- AGENTS.md: OK | raw 1,742 chars (~436 tok) | injected 1,742 chars (~436 tok)");
    expect(list).toContain(
      "- TOOLS.md: TRUNCATED | raw 54,210 chars (~13,553 tok) | injected 900 chars (~225 tok)",
    );
    expect(list).toContain("- HEARTBEAT.md: MISSING | raw 0 | injected 0");
    expect(list).toContain("(2 skills)");
    const detail = formatContextDetail(report, { limit: 1 });
    expect(detail).toContain("Top skills (prompt entry size):\n- notes:");
    expect(detail).toContain("… (+1 more skills)");
    expect(detail).toContain("Top tools (schema size):\n- read:");
  });

  it("minimal mode reports no skills", () => {
    expect(buildSystemPromptWithReport({ ...params, mode: "minimal" }).report.skills.count).toBe(0);
  });
});

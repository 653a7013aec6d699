import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildSystemPrompt, type SystemPromptParams } from "../src/index.js";

const goldenDir = join(dirname(fileURLToPath(import.meta.url)), "golden");
const update = process.env.UPDATE_GOLDEN === "1";

/** Compares with test/golden/<name>.txt; UPDATE_GOLDEN=1 rewrites the file instead. */
function expectGolden(name: string, actual: string): void {
  const path = join(goldenDir, `${name}.txt`);
  if (update || !existsSync(path)) {
    if (!update) throw new Error(`missing golden file ${path}; run with UPDATE_GOLDEN=1`);
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(path, `${actual}\n`);
    return;
  }
  expect(`${actual}\n`).toBe(readFileSync(path, "utf8"));
}

const tools = [
  { name: "read", summary: "Read file contents" },
  { name: "write", summary: "Create or overwrite files" },
  { name: "edit", summary: "Make precise edits to files" },
  { name: "exec", summary: "Run shell commands (pty available for TTY-required CLIs)" },
  { name: "process", summary: "Manage background exec sessions" },
  { name: "message" },
];
const memoryTools = [
  ...tools,
  { name: "memory_search", summary: "Search memory (MEMORY.md + memory/*.md)" },
  { name: "memory_get", summary: "Read lines from a memory file" },
];
const skills = [
  { name: "git", description: "Git workflows", location: "/opt/claw/skills/git/SKILL.md" },
  { name: "daily-notes", description: "Keep a daily log", location: "/ws/skills/daily-notes/SKILL.md" },
];

const base: SystemPromptParams = {
  workspaceDir: "/home/ada/.claw/workspace",
  tools,
  skills,
  user: { name: "Ada", owners: ["telegram:1001"] },
  now: new Date("2026-03-14T23:30:00Z"),
  timeZone: "Europe/Berlin",
  docsPath: "/opt/claw/docs",
  runtime: {
    agentId: "main",
    host: "atlas",
    os: "linux",
    arch: "x64",
    node: "v20.19.0",
    model: "anthropic/claude-sonnet-4-5",
  },
  thinking: "low",
  contextFiles: [
    { path: "AGENTS.md", content: "# How I work\n- Keep notes." },
    {
      path: "TOOLS.md",
      content: "[missing file: TOOLS.md — create it in the workspace to add it to every session]",
    },
  ],
};

const cases: Record<string, SystemPromptParams> = {
  "full-basic": base,
  "full-memory-soul-telegram": {
    ...base,
    tools: memoryTools,
    memoryCitations: "off",
    replyTags: true,
    sandbox: { enabled: true, workspaceDir: "/workspace", elevatedExec: false },
    channel: { id: "telegram", capabilities: ["inlineButtons", "reactions", "markdown", "stickers"] },
    contextFiles: [...(base.contextFiles ?? []), { path: "SOUL.md", content: "Dry wit. Short answers." }],
  },
  "full-memory-citations-on": { ...base, tools: memoryTools, skills: [], contextFiles: [] },
  minimal: { ...base, sessionKey: "agent:coder:subagent:7f3a", tools: memoryTools },
  none: { ...base, mode: "none" },
};

describe("golden prompts", () => {
  for (const [name, params] of Object.entries(cases)) {
    it(name, () => expectGolden(name, buildSystemPrompt(params)));
  }

  it("is deterministic: same params, same string", () => {
    expect(buildSystemPrompt(base)).toBe(buildSystemPrompt({ ...base }));
  });
});
